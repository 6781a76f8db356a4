"""The API fuzzer (issue 12): a few thousand generated messages, fixed seed, loopback only, against a host of its own
(the tuning plugin, no sample services). Every public method that `core.get_methods` lists is called with arguments
generated from its `accepts` schema, valid-shaped and hostile (wrong types, integers past 64 bits, NaN, long and
unencodable strings, deep nesting, garbage query filters and options), as the administrator and anonymously; every
query method with regular expressions that backtrack without bound against all its fields (refused on `filters`:
one froze the host, issue 20); then the raw frame layer (invalid JSON, requests that are not objects, odd ids, wrong
`jsonrpc`, binary frames, deep nesting, frames at and just over the size limit).

Asserted: no internal error (a reply whose trace names an exception outside the CallException family, a -32603, or
a host log line only an unexpected exception writes), no hang (every message answered within REPLY_TIMEOUT: a
failure says which got no reply; nothing here measures speed), no disconnect except by design (binary frames 1003,
bad UTF-8 and oversized anonymous frames 1007, oversized frames after login 1009), and the box as it was (tuning
state, restore points, presets, tunables, datasets, API keys, the data dir's files but logs).

Methods that change the box (or this session) when their arguments are valid only ever get arguments they must
refuse before doing anything (`refused_only`). TUNING_FUZZ_CASES sets the number of cases (default 3000),
TUNING_FUZZ_SEED the seed. Counts are printed (pytest -s) and written to fuzz-counts.json in the test's tmp dir
(or to TUNING_FUZZ_REPORT)."""
import collections
import json
import os
import random
import re
import time
from pathlib import Path

import pytest

import fuzzing
from client import RpcError
from fuzzing import Closed, NoReply, Wire

CASES = int(os.environ.get("TUNING_FUZZ_CASES", "3000"))
SEED = int(os.environ.get("TUNING_FUZZ_SEED", "20261212"))
REPLY_TIMEOUT = 120.0      # a reply slower than this is a hang (a failed login alone waits 1-2 s, as TrueNAS's)
ANONYMOUS_CONNECTIONS = 6  # anonymous connections fuzzed side by side
BATCH = 8                  # requests in flight at once on a connection (the host runs 10 at once per connection)
CLEAR_EVERY = 15           # anonymous calls between two clears of the login rate limit (20 a minute per method)
FRAME_LIMIT = {True: 65536, False: 8192}   # characters of a text frame, after and before login

# Methods that change the box, or end or reshape this session, when their arguments are valid: the fuzzer only
# sends them arguments that are refused before anything runs. Methods with a write role are added by their roles.
SESSION_CHANGING = {"auth.logout", "auth.login", "auth.login_ex", "auth.login_with_api_key",
                    "auth.login_with_token", "core.set_options", "core.download"}
WRITE_ROLE_SUFFIXES = ("_WRITE", "_DELETE")
KNOWN_CHANGING = {"tuning.preset.apply", "tuning.restore_point.revert", "tuning.benchmark.run", "tuning.campaign.run",
                  "tuning.database.import", "tuning.preset.delete", "pool.dataset.delete", "tunable.create",
                  "system.reboot", "api_key.create"}


def refused_only(methods):
    """Names of the methods that get only arguments they must refuse."""
    out = set(SESSION_CHANGING)
    for name, method in methods.items():
        roles = method.get("roles") or []
        if "FULL_ADMIN" in roles or any(r.endswith(WRITE_ROLE_SUFFIXES) for r in roles):
            out.add(name)
    return out


# ---- the box ----

def snapshot(admin, data_dir):
    """What the fuzzer must leave as it was."""
    files = sorted(os.path.relpath(os.path.join(root, f), data_dir)
                   for root, _, names in os.walk(data_dir) for f in names if ".log" not in f)
    return {
        "tuning.state": admin.call("tuning.state"),
        "restore points": admin.call("tuning.restore_point.query"),
        "presets": admin.call("tuning.preset.query"),
        "tunables": admin.call("tunable.query"),
        # `available` is the sandbox file system's free space: the rest of the machine changes it
        "datasets": [{k: v for k, v in d.items() if k != "available"} for d in admin.call("pool.dataset.query")],
        "api keys": admin.call("api_key.query"),
        "files": files,
    }


def log_marks(data_dir):
    """Lines of the host's logs that only an unexpected exception (or a crash of the serving process) writes."""
    found = []
    for name in sorted(os.listdir(data_dir)):
        if ".log" not in name:
            continue
        with open(os.path.join(data_dir, name), errors="replace") as f:
            found += [f"{name}: {line.strip()[:300]}" for line in f if any(m in line for m in fuzzing.LOG_MARKS)]
    return found


# ---- the run ----

class Run:
    """One fuzzing run's connections and tally."""

    def __init__(self, host, admin, methods, rng):
        self.host, self.admin, self.methods, self.rng = host, admin, methods, rng
        self.refused_only = refused_only(methods)
        self.ids = iter(range(1, 10 ** 9))
        self.counts = collections.Counter()
        self.internal = []
        self.failures = []           # hangs, disconnects not by design, answers missing, anonymous logins
        self.anonymous_calls = 0
        self.seconds = {}

    def timed(self, phase, fn, *args):
        """Run one phase; its wall time is printed with the counts (never asserted)."""
        start = time.monotonic()
        fn(*args)
        self.seconds[phase] = round(time.monotonic() - start, 1)

    # -- connections --

    def clear_rate_limit(self):
        """As TrueNAS's own integration tests: an administrator clears the login rate limit between bursts."""
        try:
            self.admin.call("rate.limit.cache_clear")
        except RpcError as e:
            if e.code != -32601:      # a host without the rate limit has nothing to clear
                raise

    def count_anonymous(self, n):
        """Count `n` anonymous calls; clear the rate limit before they could reach it."""
        self.anonymous_calls += n
        if self.anonymous_calls >= CLEAR_EVERY:
            self.clear_rate_limit()
            self.anonymous_calls = 0

    def connect(self, authenticated):
        wire = Wire(self.host.url, REPLY_TIMEOUT)
        if authenticated:
            self.clear_rate_limit()
            id_ = next(self.ids)
            wire.send_text(fuzzing.dumps(fuzzing.request(id_, "auth.login_ex", [
                {"mechanism": "PASSWORD_PLAIN", "username": self.host.username, "password": self.host.password}])))
            reply = wire.replies([id_])[0][fuzzing.id_key(id_)]
            assert reply.get("result", {}).get("response_type") == "SUCCESS", reply
        return wire

    # -- recording --

    def record(self, phase, message, reply):
        kind, internal = fuzzing.outcome(reply)
        self.counts[f"{phase} {kind}"] += 1
        if internal:
            data = reply["error"].get("data") or {}
            self.internal.append({"phase": phase, "sent": message[:600], "code": reply["error"].get("code"),
                                  "errname": data.get("errname"), "class": (data.get("trace") or {}).get("class"),
                                  "reason": str(data.get("reason") or reply["error"].get("message"))[:300]})
        result = reply.get("result")
        if phase == "anonymous" and isinstance(result, dict) and result.get("response_type") == "SUCCESS":
            self.failures.append(f"an anonymous login succeeded: {message[:300]}")

    def exchange(self, wire, phase, texts, sentinel):
        """Send text frames, then a `sentinel` call, and read every answer each frame must get (by
        fuzzing.expected_answer). False when the connection closed or a reply never came (both recorded): the
        connection must be opened again."""
        return self.collect(wire, phase, self.send(wire, phase, texts, sentinel))

    def send(self, wire, phase, texts, sentinel):
        """Send text frames and a sentinel call; what `collect` needs (None if the connection closed)."""
        sentinel_id = next(self.ids)
        try:
            for text in texts:
                wire.send_text(text)
            wire.send_text(fuzzing.dumps(fuzzing.request(sentinel_id, sentinel, [])))
        except Closed as e:
            self.closed_unexpectedly(phase, e, texts)
            return None
        return texts, sentinel_id

    def collect(self, wire, phase, sent, keep=None):
        """Read the answers `send` expects and record them (appended to `keep` too, when given)."""
        if sent is None:
            return False
        texts, sentinel_id = sent
        answers = [(text, fuzzing.expected_answer(text)) for text in texts]
        by_id = {fuzzing.id_key(a[1]): text for text, a in answers if isinstance(a, tuple)}
        expected_null = sum(1 for _, a in answers if a == fuzzing.NULL)
        try:
            got, others = wire.replies([a[1] for _, a in answers if isinstance(a, tuple)] + [sentinel_id])
        except NoReply as e:
            self.failures.append(f"{phase}: no reply ({e}) to one of: {[t[:300] for t in texts]}")
            return False
        except Closed as e:
            self.closed_unexpectedly(phase, e, texts)
            return False
        for key, reply in got.items():
            if key != fuzzing.id_key(sentinel_id):
                self.record(phase, by_id[key], reply)
                if keep is not None:
                    keep.append(reply)
        # answers with id null are sent as the frame is read, so all came before the sentinel's
        nulls = [m for m in others if "method" not in m]
        for reply in nulls:
            self.record(phase, "(a frame answered with id null)", reply)
        if len(nulls) != expected_null:
            self.failures.append(f"{phase}: {len(nulls)} answers with id null, {expected_null} expected, for "
                                 f"{[t[:300] for t in texts]}")
        return True

    def closed_unexpectedly(self, phase, e, texts):
        self.counts[f"{phase} closed:{e.code}"] += 1
        self.failures.append(f"{phase}: connection closed ({e.code} {e.reason}) after: {[t[:300] for t in texts]}")

    # -- method calls --

    def call_frame(self, name, authenticated):
        """The text of one generated call that fits in a frame."""
        method = self.methods[name]
        refused = authenticated and name in self.refused_only
        for budget in (FRAME_LIMIT[authenticated] - 2000, 2000, 200):
            params = fuzzing.arguments(self.rng, method, budget, refused)
            text = fuzzing.dumps(fuzzing.request(next(self.ids), name, params))
            if len(text) <= FRAME_LIMIT[authenticated]:
                return text
        raise AssertionError(f"no arguments for {name} fit in a frame")

    def fuzz_calls(self, phase, count, authenticated, names, connections=1):
        """`count` generated calls in batches, on `connections` connections at once (a failed login waits 1-2 s:
        anonymous batches wait side by side)."""
        wires = [self.connect(authenticated) for _ in range(connections)]
        sentinel = "core.ping" if authenticated else "system.version"
        done = 0
        while done < count:
            sent = []
            for wire in wires:
                n = min(BATCH, count - done)
                if n == 0:
                    break
                texts = [self.call_frame(self.rng.choice(names), authenticated) for _ in range(n)]
                if not authenticated:
                    self.count_anonymous(n)
                sent.append((wire, self.send(wire, phase, texts, sentinel)))
                done += n
                self.counts[f"{phase} cases"] += n
            for wire, pending in sent:
                if not self.collect(wire, phase, pending):
                    wire.close()
                    wires[wires.index(wire)] = self.connect(authenticated)
        for wire in wires:
            wire.close()

    # -- regular expressions --

    def fuzz_regexes(self):
        """Every query method, with each hostile pattern against all its fields (fuzzing.regex_attacks): answered
        (a hang is `re` holding the GIL: nothing else answers either), those that backtrack without bound refused
        on `filters` whatever the rows."""
        phase, kept = "regex", []
        wire = self.connect(True)
        for name in sorted(n for n, m in self.methods.items() if m.get("filterable")):
            for params, refused in fuzzing.regex_attacks(self.methods[name]):
                text = fuzzing.dumps(fuzzing.request(next(self.ids), name, params))
                self.counts[f"{phase} cases"] += 1
                sent = self.send(wire, phase, [text], "core.ping")
                if sent is None or not self.collect(wire, phase, sent, kept):
                    wire.close()
                    wire = self.connect(True)
                    continue
                reply = kept.pop()
                error = reply.get("error") or {}
                fields = [e[0] for e in (error.get("data") or {}).get("extra") or []]
                if refused and (error.get("code") != -32602 or fields != ["filters"]):
                    self.failures.append(f"{phase}: not refused on filters: {text[:300]} -> {str(reply)[:300]}")
        wire.close()

    # -- raw frames --

    def fuzz_frames(self, authenticated, count):
        phase = "frames-admin" if authenticated else "frames-anonymous"
        sentinel = "core.ping" if authenticated else "system.version"
        wire = self.connect(authenticated)
        for text, data, closes in frame_cases(self.rng, authenticated, count, self.ids, sentinel):
            self.counts[f"{phase} cases"] += 1
            if not authenticated:
                self.count_anonymous(1)
            if closes is None:
                if self.exchange(wire, phase, [text], sentinel):
                    continue
            else:
                self.expect_close(wire, phase, text, data, closes)
            wire.close()
            wire = self.connect(authenticated)
        wire.close()

    def expect_close(self, wire, phase, text, data, closes):
        """Send a frame the server closes the connection for, by design with one of `closes`."""
        sent = text[:300] if text is not None else repr(data[0])[:300]
        try:
            if text is not None:
                wire.send_text(text)
            else:
                wire.send_bytes(*data)
            wire.replies([-1])       # nothing answers id -1: reads until the server closes
        except Closed as e:
            self.counts[f"{phase} closed:{e.code}"] += 1
            if e.code not in closes:
                self.failures.append(f"{phase}: connection closed ({e.code} {e.reason}), {sorted(closes)} by "
                                     f"design, after: {sent}")
        except NoReply as e:
            self.failures.append(f"{phase}: not closed ({e}) after: {sent}")


# ---- frame cases: (text, (bytes, opcode) or None, close codes by design or None) ----

def frame_cases(rng, authenticated, count, ids, method):
    """Deterministic frames (each kind of malformed request, ids of every kind, the size limit), then random ones,
    `count` at least. `method` is a method the connection may call (core.ping is rate limited before login)."""
    limit = FRAME_LIMIT[authenticated]
    call = '{"jsonrpc": "2.0", "id": %s, "method": "' + method + '", "params": []}'
    out = []
    texts = [
        "", " ", "{", "}", "[", "[1,", "nul", "NaN", "Infinity", "-Infinity", '{"a": NaN}', "\"str\"", "123", "null",
        "true", "[]", "[{}]", "{}", '{"jsonrpc": "2.0"}', '{"id": 1}', '{"method": "%s"}' % method,
        '{"jsonrpc": "1.0", "id": 1, "method": "%s"}' % method, '{"jsonrpc": 2, "id": 1, "method": "%s"}' % method,
        '{"jsonrpc": null, "method": "%s"}' % method, "\ufeff" + call % "1", call % "1" + " trailing",
        '{"jsonrpc": "2.0", "id": 1, "method": 5}', '{"jsonrpc": "2.0", "id": 1, "method": ""}',
        '{"jsonrpc": "2.0", "id": 1, "method": null}', '{"jsonrpc": "2.0", "id": 1, "method": ["core.ping"]}',
        '{"jsonrpc": "2.0", "id": 1, "method": "%s", "params": {}}' % method,
        '{"jsonrpc": "2.0", "id": 1, "method": "%s", "params": "x"}' % method,
        '{"jsonrpc": "2.0", "id": 1, "method": "%s", "params": null}' % method,
        '{"jsonrpc": "2.0", "method": "%s"}' % method,                     # a notification: no answer
        '{"jsonrpc": "2.0", "method": "no.such.method"}',
        "[" * limit, '{"a":' * (limit // 12) + "1" + "}" * (limit // 12),
        call % "[1]", call % '{"a": 1}', call % "1.5", call % "1e400", call % "true", call % "null",
        call % '"\\udfff"', call % str(2 ** 70), call % str(-2 ** 70), call % '"%s"' % ("i" * 5000),
    ]
    for i in (next(ids), next(ids)):
        texts += [call % i, call % ('"%d"' % i), call % ('"\\u00e9%d"' % i)]
    for name in ["no.such.method", "rate.limit.cache_clear", "core.ping.", ".", "a" * 300, "\\ud800", "CORE.PING"]:
        texts.append('{"jsonrpc": "2.0", "id": %d, "method": "%s", "params": []}' % (next(ids), name))
    i = next(ids)
    texts.append('{"jsonrpc": "2.0", "id": %d, "method": "%s", "id": %d}' % (i + 10 ** 6, method, i))
    texts.append('{"jsonrpc": "2.0", "id": %d, "method": "%s", "params": [%s]}'
                 % (next(ids), method, "[" * 40 + "]" * 40))
    texts.append(_padded(call % next(ids), limit))                     # exactly at the limit: answered
    out += [(t, None, None) for t in texts if len(t) <= limit]
    # closed by design: one character over the limit, a binary frame, a text frame that is not UTF-8
    out.append((_padded(call % next(ids), limit + 1), None, {1009} if authenticated else {1007}))
    out.append((None, (b"\x00\x01binary", 0x2), {1003}))
    out.append((None, (b'{"jsonrpc": "2.0", "id": 1, "method": "\xff\xfe"}', 0x1), {1007}))
    while len(out) < count:
        if rng.random() < 0.5:
            text = fuzzing.dumps(fuzzing.hostile(rng, 200))
        else:
            message = {"jsonrpc": rng.choice(["2.0", "2.0", "1.0", None, 2]), "id": next(ids),
                       "method": rng.choice([method, method, "tuning.state", 5, None, ""]),
                       "params": rng.choice([[], [], {}, "x", None, [fuzzing.hostile(rng, 100)]])}
            if rng.random() < 0.3:
                del message[rng.choice(list(message))]
            text = fuzzing.dumps(message)
        out.append((text, None, None))
    return out


def _padded(message, length):
    """`message` (a JSON object) padded with spaces to exactly `length` characters."""
    return message[:-1] + " " * (length - len(message)) + "}"


# ---- the test ----

@pytest.mark.sandbox_only
def test_fuzz_leaves_no_internal_error_no_hang_no_disconnect_and_the_box_as_it_was(fresh_host, tmp_path):
    # anonymous connections live as long as a long run (TUNING_FUZZ_CASES) takes, past the 2-minute login timeout
    host = fresh_host(plugins="tuning", env={"TUNING_LOGIN_TIMEOUT_SECONDS": "3600"})
    admin = host.client(private_methods=True)
    try:
        methods = admin.call("core.get_methods")
        names = sorted(methods)
        run = Run(host, admin, methods, random.Random(SEED))
        assert KNOWN_CHANGING <= run.refused_only, "a method that changes the box would get valid arguments"
        before = snapshot(admin, host.data_dir)

        n_admin, n_anonymous = CASES * 6 // 10, CASES * 3 // 10
        n_frames = CASES - n_admin - n_anonymous
        no_auth = [n for n in names if methods[n].get("no_auth_required")]
        # query methods three times as often: their filters and options are the widest input
        queries = [n for n in names if methods[n].get("filterable")]
        run.timed("admin", run.fuzz_calls, "admin", n_admin, True, names + queries * 2)
        run.timed("regex", run.fuzz_regexes)
        # half the anonymous calls go to the methods callable without a login, the rest are refused unread
        weighted = no_auth * max(1, len(names) // max(1, len(no_auth))) + names
        run.timed("anonymous", run.fuzz_calls, "anonymous", n_anonymous, False, weighted, ANONYMOUS_CONNECTIONS)
        run.timed("frames-admin", run.fuzz_frames, True, n_frames // 2)
        run.timed("frames-anonymous", run.fuzz_frames, False, n_frames - n_frames // 2)

        after = snapshot(admin, host.data_dir)
    finally:
        admin.close()
    marks = log_marks(host.data_dir)

    changed = sorted(k for k in before if before[k] != after[k])
    report = {
        "seed": SEED, "cases": sum(v for k, v in run.counts.items() if k.endswith(" cases")),
        "methods": len(names), "refused_only": sorted(run.refused_only),
        "outcomes": dict(sorted(run.counts.items())), "internal_errors": len(run.internal),
        "log_marks": len(marks), "failures": len(run.failures), "box_changed": changed, "seconds": run.seconds,
        "internal": run.internal[:100], "log_lines": marks[:50], "failure_details": run.failures[:50],
    }
    path = Path(os.environ.get("TUNING_FUZZ_REPORT") or tmp_path / "fuzz-counts.json")
    path.write_text(json.dumps(report, indent=1))
    print(f"\nfuzz: {report['cases']} cases over {len(names)} methods, seed {SEED}; internal errors "
          f"{len(run.internal)}; unexpected-exception log lines {len(marks)}; failures {len(run.failures)}; "
          f"box changed {changed or 'no'}; seconds by phase {run.seconds}")
    for key, value in report["outcomes"].items():
        print(f"  {key}: {value}")
    print(f"fuzz counts written to {path}")

    problems = ([f"internal error: {json.dumps(e)}" for e in _one_per_kind(run.internal)]
                + [f"log: {line}" for line in marks[:5]] + run.failures[:20]
                + [f"box changed: {k}: {before[k]!r} -> {after[k]!r}"[:2000] for k in changed])
    assert not problems, "\n".join(problems)


def _one_per_kind(internal):
    """The first internal error of each (method, class): the smallest report that shows them all."""
    kinds = {}
    for e in internal:
        method = re.search(r'"method": "([^"]*)"', e["sent"])
        method = method and method.group(1)
        kinds.setdefault((method, e["class"], e["code"]), e)
    return list(kinds.values())
