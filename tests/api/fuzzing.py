"""The fuzzer's parts (test_fuzz.py drives them): arguments generated from the `accepts` JSON schemas that
`core.get_methods` publishes, valid-shaped and hostile; hostile query filters and options; raw frames; a websocket
that reads replies with a bound; and what counts as an internal error. Pure functions of a `random.Random` except
for `Wire`."""
import json
import math
import re

import websocket

# ---- what the answers mean ----

# Error classes a method raises on purpose (the CallException family, as middlewared's): anything else in a reply's
# trace is an exception nobody meant to reach the caller.
DELIBERATE_CLASSES = {"CallException", "CallError", "ValidationError", "ValidationErrors", "InstanceNotFound",
                      "MatchNotFound"}
INTERNAL_ERROR = -32603
CALL_ERROR = -32001
PROTOCOL_ERRORS = {-32700: "invalid-json", -32600: "invalid-request", -32601: "method-not-found",
                   -32602: "invalid-params", -32000: "too-many-calls"}
# Lines of the host's logs that only an unexpected exception writes.
LOG_MARKS = ("Exception while calling", "Failed to JSON serialize", "Task failed", "Unhandled exception",
             "ended (")


def outcome(reply):
    """(kind, internal) of one reply: kind is `result`, a protocol error's name or `call-error:<ERRNAME>`."""
    if "error" not in reply:
        return "result", False
    error = reply["error"]
    code = error.get("code")
    if code == INTERNAL_ERROR:
        return "internal-error", True
    data = error.get("data") or {}
    trace = data.get("trace") or {}
    internal = bool(trace) and trace.get("class") not in DELIBERATE_CLASSES
    if code == CALL_ERROR:
        return f"call-error:{data.get('errname')}", internal
    return PROTOCOL_ERRORS.get(code, f"error:{code}"), internal


# ---- hostile values ----

BIG_INTS = [2 ** 31, 2 ** 32, 2 ** 53 + 1, 2 ** 63 - 1, 2 ** 63, 2 ** 64 - 1, 2 ** 64, 2 ** 80, -2 ** 63,
            -2 ** 63 - 1, -2 ** 64, 10 ** 40, -10 ** 40]
INTS = [0, -1, 1, 2, 7, 100, 4096, -4096] + BIG_INTS
FLOATS = [0.5, -0.0, 1.5, 1e308, -1e308, 5e-324, 1e-10, 2.0 ** 63, 123456789.123]
NON_FINITE = [math.nan, math.inf, -math.inf]   # sent as the bare tokens NaN / Infinity (not JSON)
STRINGS = [
    "", " ", "\x00", "\x00tank", "tank", "tank/media", "tank/../../../../victim", "../../etc/passwd", "/", "//",
    "tank/", "/tank", "a" * 255, "a" * 1025, "é" * 600, "\u202e\u0644\u200b", "\ufeffBOM", "😀" * 64,
    "\ud800", "a\udfffb", "\ud83d", "NaN", "Infinity", "-1", "1e309", "0x10", "true", "null", "{}", "[]",
    "'; DROP TABLE presets; --", "%s%n%x", "${jndi:ldap://x}", "<script>alert(1)</script>", "=cmd|' /C calc'!A0",
    "1\ninstall zfs /bin/sh -c 'id'", "line\r\nbreak", "\t", "*", "?", ".", "..", "-", "--", "-rf",
    "zfs_arc_max", "vm.swappiness", "max_iops", "media-streaming", "balanced", "lz4", "PASSWORD_PLAIN",
    "core.get_jobs", "admin", "2" * 40, "9" * 400,
]
KEYS = ["id", "name", "value", "var", "type", "pool", "dataset", "__proto__", "constructor", "", "\ud800", "a.b",
        "x" * 300]


def long_string(rng, limit):
    """A string of up to `limit` characters (the frame bounds it: 64 KiB after login, 8 KiB before)."""
    return rng.choice("aZ9é/.-") * rng.randint(limit // 2, limit)


def nested(rng, depth):
    value = rng.choice([1, "x", None, []])
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def scalar(rng):
    pick = rng.random()
    if pick < 0.35:
        return rng.choice(STRINGS)
    if pick < 0.65:
        return rng.choice(INTS)
    if pick < 0.75:
        return rng.choice(FLOATS)
    if pick < 0.8:
        return rng.choice(NON_FINITE)
    return rng.choice([True, False, None])


def hostile(rng, budget):
    """Any JSON-ish value at all: scalars, odd containers, long strings, deep nesting."""
    pick = rng.random()
    if pick < 0.6:
        return scalar(rng)
    if pick < 0.7:
        return [scalar(rng) for _ in range(rng.randint(0, 5))]
    if pick < 0.8:
        return {rng.choice(KEYS): scalar(rng) for _ in range(rng.randint(0, 4))}
    if pick < 0.9:
        return nested(rng, rng.choice([3, 10, 31, 33, 40, 200]))
    return long_string(rng, budget)


# ---- query filters and options ----

FIELDS = ["id", "name", "id", "name", "value", "type", "var", "enabled", "pool", "settings.0.kind", "settings.*.value",
          "topology.data.*.disks", "children.name", "when.$date", "created.$date", "a\\.b", "", ".", "x.*.y.*.z",
          "id.0", "id.²", "name." + "9" * 5000, "properties.recordsize.value"]
OPS = ["=", "!=", ">", ">=", "<", "<=", "~", "in", "nin", "rin", "rnin", "^", "!^", "$", "!$", "C=", "C!=", "Cin",
       "Crin", "C^", "C$"]
BAD_OPS = ["C~", "===", "", "AND", "OR", "c=", None, 5, ["="]]
# Regular expressions that backtrack without bound (`(.|.)*#` against a preset's description froze the host for
# hours, issue 20), and one that is bounded but too costly for values of a hundred characters: refused with
# -32602 on `filters`, never run.
CATASTROPHIC_REGEXES = ["(.|.)*#", "(a|aa)*b", "(\\w+\\s?)+$", "(x+x+)+y", "(a*)*$", "(a)\\1"]
COSTLY_REGEX = ".*a.*b.*c.*d.*e.*f.*g.*h"
REGEXES = ["(", ")", "[", "*", "a{99999999999}", "(?P<x>", "\\", "(a+)+$", "^t", ".*", "(?i)TANK", "\ud800",
           *CATASTROPHIC_REGEXES, COSTLY_REGEX]


def result_fields(method):
    """Dotted field names of a query method's rows, from its `returns` schema (empty when it does not say)."""
    fields = []

    def walk(schema, prefix, depth):
        for branch in schema.get("anyOf") or schema.get("oneOf") or []:
            walk(branch, prefix, depth)
        if "items" in schema and isinstance(schema["items"], dict):
            walk(schema["items"], prefix, depth)
        for name, sub in (schema.get("properties") or {}).items():
            fields.append(prefix + name)
            if depth < 2:
                walk(sub, f"{prefix}{name}.", depth + 1)

    for schema in method.get("returns") or []:
        walk(schema, "", 0)
    return fields


def regex_attacks(method):
    """(params, refused) for each hostile pattern, matched against every top-level field of a query method's rows
    at once; `refused`: the call must be refused whatever the rows (-32602)."""
    fields = [f for f in result_fields(method) if "." not in f] or ["id", "name", "description", "error"]
    return [([[["OR", [[f, "~", pattern] for f in fields]]]], pattern in CATASTROPHIC_REGEXES)
            for pattern in CATASTROPHIC_REGEXES + [COSTLY_REGEX]]


def condition(rng, fields):
    if rng.random() < 0.4:       # the common lookup (by id or name), with any value at all, often a container
        value = hostile(rng, 200) if rng.random() < 0.5 else rng.choice([[scalar(rng)], {"k": scalar(rng)}])
        return [rng.choice(["id", "name"]), rng.choice(["=", "=", "in", "!="]), value]
    op = rng.choice(OPS) if rng.random() < 0.9 else rng.choice(BAD_OPS)
    value = rng.choice(REGEXES) if op in ("~", "C~") and rng.random() < 0.6 else hostile(rng, 200)
    if isinstance(op, str) and op.startswith("C") and rng.random() < 0.5:
        value = [hostile(rng, 50) for _ in range(3)]
    return [rng.choice(fields if fields and rng.random() < 0.6 else FIELDS), op, value]


def filters(rng, fields=(), depth=0):
    pick = rng.random()
    if pick < 0.1:
        return hostile(rng, 200)                          # not a list at all, or a list of garbage
    out = []
    for _ in range(rng.randint(0, 3)):
        roll = rng.random()
        if roll < 0.8:
            out.append(condition(rng, fields))
        elif roll < 0.95 and depth < 6:
            branches = [condition(rng, fields) if rng.random() < 0.5 else filters(rng, fields, depth + 1)
                        for _ in range(rng.randint(0, 3))]
            out.append(["OR", branches])
        else:
            out.append(rng.choice([[], [1], ["OR"], ["id", "="], ["id", "=", 1, 2], "id", {"id": 1}, None]))
    return out


def options(rng, fields=()):
    names = list(fields) + FIELDS
    out = {}
    if rng.random() < 0.4:
        return out
    for key, make in [
        ("get", lambda: rng.choice([True, False, 1, "yes", None])),
        ("count", lambda: rng.choice([True, False, 0, None])),
        ("limit", lambda: rng.choice(INTS + [1.5, "5", None])),
        ("offset", lambda: rng.choice(INTS + [1.5, "5", None])),
        ("select", lambda: [rng.choice(names + [[1, 2], ["id"], ["id", "x"], {}, None, 5])
                            for _ in range(rng.randint(0, 3))]),
        ("order_by", lambda: [rng.choice(["", "-", "nulls_first:", "nulls_last:-"]) + rng.choice(names)
                              if rng.random() < 0.9 else rng.choice([5, None, ""]) for _ in range(rng.randint(0, 3))]),
        ("extra", lambda: rng.choice([{}, {"retrieve_children": True}, [], "x", {"\ud800": 1}])),
        ("force_sql_filters", lambda: rng.choice([True, "x"])),
        (rng.choice(KEYS), lambda: hostile(rng, 100)),
    ]:
        if rng.random() < 0.15:
            out[key] = make()
    return out if rng.random() < 0.95 else hostile(rng, 100)


# ---- arguments from a JSON schema ----

_JSON_TYPES = {str: "string", bool: "boolean", int: "integer", float: "number", list: "array", dict: "object",
               type(None): "null"}


def schema_types(schema):
    """The JSON types a schema admits (empty: anything, or not known)."""
    if "type" in schema:
        return {schema["type"]} if isinstance(schema["type"], str) else set(schema["type"])
    if "const" in schema:
        return {_JSON_TYPES[type(schema["const"])]}
    if "enum" in schema:
        return {_JSON_TYPES[type(v)] for v in schema["enum"]}
    types = set()
    for branch in schema.get("anyOf") or schema.get("oneOf") or []:
        branch_types = schema_types(branch)
        if not branch_types:
            return set()
        types |= branch_types
    return types


def wrong_type(rng, schema):
    """A value of a JSON type the schema refuses (strict: no `"1"` for 1, no `1` for true), or None when the
    schema's types are not known."""
    allowed = schema_types(schema)
    if not allowed:
        return None
    if "integer" in allowed or "number" in allowed:
        allowed |= {"integer", "number", "boolean"}
    candidates = [v for t, v in [("string", "fuzz"), ("integer", 7), ("array", [1]), ("object", {"fuzz": 1}),
                                 ("boolean", True), ("null", None)] if t not in allowed]
    return rng.choice(candidates) if candidates else None


def valid(rng, schema, depth=0):
    """A value of the schema's shape (its content may still be refused by the method: unknown names and so on)."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    branches = schema.get("anyOf") or schema.get("oneOf")
    if branches:
        return valid(rng, rng.choice(branches), depth)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = rng.choice(kind)
    if kind == "object":
        props = schema.get("properties") or {}
        required = set(schema.get("required") or [])
        return {k: valid(rng, s, depth + 1) for k, s in props.items()
                if k in required or (depth < 4 and rng.random() < 0.5)}
    if kind == "array":
        items = schema.get("items") or {}
        count = rng.randint(schema.get("minItems", 0), min(schema.get("maxItems", 3), 3))
        return [valid(rng, items, depth + 1) if items else scalar(rng) for _ in range(count)]
    if kind == "integer":
        low, high = schema.get("minimum", -5), schema.get("maximum", 10 ** 6)
        return rng.choice([low, high, rng.randint(min(low, high), max(low, high))])
    if kind == "number":
        return rng.choice([0.5, 1.0, 100.25])
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "null":
        return None
    if kind == "string":
        return rng.choice(["tank", "tank/media", "media-streaming", "max_iops", "zfs_arc_max", "x", "1", "lz4"])
    return scalar(rng)


def mutate(rng, value, budget):
    """`value` with one node replaced by something hostile (or a key added or removed)."""
    if isinstance(value, dict) and value and rng.random() < 0.7:
        key = rng.choice(list(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        elif roll < 0.3:
            out[rng.choice(KEYS)] = hostile(rng, budget)
        else:
            out[key] = mutate(rng, value[key], budget)
        return out
    if isinstance(value, list) and value and rng.random() < 0.7:
        i = rng.randrange(len(value))
        return value[:i] + [mutate(rng, value[i], budget)] + value[i + 1:]
    return hostile(rng, budget)


def arguments(rng, method, budget, refused):
    """Positional params for `method` (a core.get_methods entry). With `refused`, params the method must refuse
    before it does anything: a parameter of a type its schema refuses, or one argument too many."""
    accepts = method["accepts"]
    if method.get("filterable") and rng.random() < 0.7:
        fields = result_fields(method)
        params = [filters(rng, fields), options(rng, fields)][:rng.choice([0, 1, 2, 2, 2])]
    else:
        params = [valid(rng, s) for s in accepts]
        if params and rng.random() < 0.8:
            i = rng.randrange(len(params))
            params[i] = mutate(rng, params[i], budget)
    if rng.random() < 0.05:
        params = params + [hostile(rng, budget)]          # one too many
    if refused:
        params = _refused(rng, accepts, params, budget)
    return params


def _refused(rng, accepts, params, budget):
    params = [valid(rng, s) for s in accepts] if len(params) < len(accepts) else list(params)
    typed = [i for i, s in enumerate(accepts) if wrong_type(rng, s) is not None]
    if typed and rng.random() < 0.8:
        i = rng.choice(typed)
        params[i] = wrong_type(rng, accepts[i])
        return params
    return params[:len(accepts)] + [hostile(rng, budget)]


# ---- frames ----

def request(id_, method, params):
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}


def has_non_finite(value):
    """Whether `value` holds a NaN or an infinity (its frame is then not JSON: refused whole, answered id null)."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(has_non_finite(v) for v in value.values())
    if isinstance(value, list):
        return any(has_non_finite(v) for v in value)
    return False


def dumps(message):
    """JSON text as a hostile client writes it: lone surrogates as \\ud800 escapes, NaN/Infinity as bare tokens."""
    return json.dumps(message, ensure_ascii=True, allow_nan=True)


class Closed(Exception):
    """The server closed the connection (`code`, `reason`), or it dropped without a close frame (code None)."""

    def __init__(self, code, reason=""):
        self.code, self.reason = code, reason
        super().__init__(f"connection closed: {code} {reason}")


class NoReply(Exception):
    pass


class Wire:
    """A websocket for raw frames; `replies(ids)` reads until each id has its answer, `timeout` s at most for
    each message, raising NoReply (a hang) or Closed (a disconnect)."""

    def __init__(self, url, timeout):
        self.ws = websocket.create_connection(url, timeout=timeout)
        self.timeout = timeout

    def close(self):
        self.ws.close()

    def send_text(self, text):
        self._send(text, websocket.ABNF.OPCODE_TEXT)

    def send_bytes(self, data, opcode=websocket.ABNF.OPCODE_BINARY):
        self._send(data, opcode)

    def _send(self, data, opcode):
        try:
            self.ws.send(data, opcode)
        except (OSError, websocket.WebSocketException) as e:
            raise Closed(None, str(e)) from None

    def next_message(self):
        self.ws.settimeout(self.timeout)
        while True:
            try:
                opcode, frame = self.ws.recv_data_frame(True)
            except websocket.WebSocketTimeoutException:
                raise NoReply(f"nothing received within {self.timeout} s") from None
            except (OSError, websocket.WebSocketException) as e:
                raise Closed(None, str(e)) from None
            if opcode == websocket.ABNF.OPCODE_CLOSE:
                code = int.from_bytes(frame.data[:2], "big") if len(frame.data) >= 2 else None
                raise Closed(code, frame.data[2:].decode(errors="replace"))
            if opcode == websocket.ABNF.OPCODE_TEXT:
                return json.loads(frame.data)

    def replies(self, ids):
        """{id: reply} for each of `ids`, read until all came; other messages (events, answers with id null) in
        `others`. Ids are compared as JSON text (`true` is not `1`, `"5"` is not `5`)."""
        wanted, got, others = {id_key(i) for i in ids}, {}, []
        while wanted - set(got):
            msg = self.next_message()
            key = id_key(msg.get("id"))
            if "id" in msg and key in wanted and ("result" in msg or "error" in msg):
                got[key] = msg
            else:
                others.append(msg)
        return got, others


def id_key(id_):
    return json.dumps(id_)


# What a frame is answered with: an answer carrying an id, an answer with id null (a frame that is not a valid
# request and has no id that can be echoed), or nothing (a valid notification).
NULL, NOTHING = "answered with id null", "not answered"


def echoable(id_):
    """An id the server sends back as it came (JSON-RPC: null, a number or a string; as middlewared, any Python
    int, bool included; not a string that cannot be encoded)."""
    return id_ is None or isinstance(id_, int) or (isinstance(id_, str) and not SURROGATE.search(id_))


SURROGATE = re.compile("[\ud800-\udfff]")


def expected_answer(text):
    """("id", value), NULL or NOTHING for one text frame, by JSON-RPC 2.0 as middlewared applies it."""
    try:
        message = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return NULL
    if not isinstance(message, dict):
        return NULL
    if "id" in message and not echoable(message["id"]):
        return NULL
    valid = (message.get("jsonrpc") == "2.0" and isinstance(message.get("method"), str) and message["method"]
             and isinstance(message.get("params", []), list))
    if "id" not in message:
        return NOTHING if valid else NULL
    return ("id", message["id"]) if message["id"] is not None else NULL


def _no_constant(name):
    raise ValueError(name)
