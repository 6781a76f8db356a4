"""A small synchronous client for the TrueNAS JSON-RPC 2.0 websocket API (over websocket-client).

Works against the standalone host and a real TrueNAS 25.10: login (password, API key, token), calls, jobs in both
job modes with a progress callback, subscriptions, waiting for events, reconnecting after a reboot.
"""
import itertools
import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

import websocket

FINISHED_STATES = ("SUCCESS", "FAILED", "ABORTED")
# The most a test waits for what it waits for (a reply, an event, a job's end, a child process, the host coming
# back). It bounds a hang only, so a loaded 2-core machine or a slow laptop passes too: no test relies on it being
# short (a test that needs a short wait of the product's sets that wait, e.g. a 1 s header timeout, and waits on it).
HANG_SECONDS = 600.0
POLL_SECONDS = 0.05  # the pace of polling a state nothing announces (a database row, a file)


class RpcError(Exception):
    """A JSON-RPC error reply. `errno`, `errname`, `reason`, `extra` come from TrueNAS's `error.data`."""

    def __init__(self, error):
        self.code = error.get("code")
        self.message = error.get("message")
        self.data = error.get("data") or {}
        super().__init__(f"{self.code} {self.message}: {self.data.get('reason') or ''}".strip())

    @property
    def errno(self):
        return self.data.get("error")

    @property
    def errname(self):
        return self.data.get("errname")

    @property
    def reason(self):
        return self.data.get("reason")

    @property
    def extra(self):
        return self.data.get("extra")

    def attributes(self):
        """Field paths named by a validation error (-32602)."""
        return [e[0] for e in (self.extra or [])]


class JobFailed(Exception):
    def __init__(self, job):
        self.job = job
        super().__init__(f"job {job.get('id')} {job.get('method')} {job.get('state')}: {job.get('error')}")


class ConnectionLost(Exception):
    pass


@dataclass
class Credentials:
    mechanism: str
    data: dict = field(default_factory=dict)


class Client:
    def __init__(self, url, timeout=HANG_SECONDS, sslopt=None):
        self.url = url
        self.timeout = timeout
        self.sslopt = sslopt   # wss://: websocket-client's TLS options (e.g. {"ca_certs": a self-signed certificate})
        self.ws = None
        self._ids = itertools.count(1)
        self._replies = {}
        self.events = deque()  # collection_update / notify_unsubscribed params, in arrival order
        self.options = {}
        self.subscriptions = {}  # name -> ident
        self.credentials = None
        self.connect()

    # ---- connection ----

    def connect(self):
        self.ws = websocket.create_connection(self.url, timeout=self.timeout, sslopt=self.sslopt)

    def close(self):
        if self.ws is not None:
            try:
                self.ws.close()
            finally:
                self.ws = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def reconnect(self, timeout=HANG_SECONDS):
        """Connect again (e.g. after a reboot), then restore login, options and subscriptions."""
        self.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.connect()
                break
            except (OSError, websocket.WebSocketException):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # the host is restarting: poll until it listens again
        self._replies.clear()
        if self.credentials is not None:
            self._login(self.credentials)
        if self.options:
            self.call("core.set_options", self.options)
        names = list(self.subscriptions)
        self.subscriptions.clear()
        for name in names:
            self.subscribe(name)

    # ---- low level ----

    def send(self, method, params=(), id_=None):
        """Send a request without waiting; returns its id."""
        id_ = next(self._ids) if id_ is None else id_
        self.send_raw(json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": list(params)}))
        return id_

    def send_raw(self, text):
        try:
            self.ws.send(text)
        except (OSError, websocket.WebSocketException) as e:
            raise ConnectionLost(str(e)) from e

    def _receive(self, timeout):
        self.ws.settimeout(timeout)
        try:
            raw = self.ws.recv()
        except websocket.WebSocketTimeoutException:
            raise TimeoutError(f"nothing received within {timeout}s") from None
        except (OSError, websocket.WebSocketException) as e:
            raise ConnectionLost(str(e)) from e
        if not raw:
            raise ConnectionLost("connection closed")
        msg = json.loads(raw)
        if "id" in msg and ("result" in msg or "error" in msg):
            self._replies[msg["id"]] = msg
        elif msg.get("method") in ("collection_update", "notify_unsubscribed"):
            self.events.append(msg["params"])
        return msg

    def _pump_until(self, done, timeout):
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            value = done()
            if value is not None:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("timed out")
            self._receive(remaining)

    def reply(self, id_, timeout=None):
        """The raw reply message to request `id_`."""
        return self._pump_until(lambda: self._replies.pop(id_, None), timeout)

    def result(self, id_, timeout=None):
        msg = self.reply(id_, timeout)
        if "error" in msg:
            raise RpcError(msg["error"])
        return msg["result"]

    def call(self, method, *params, timeout=None):
        return self.result(self.send(method, params), timeout)

    # ---- auth ----

    def _login(self, creds):
        resp = self.call("auth.login_ex", {"mechanism": creds.mechanism, **creds.data})
        if resp["response_type"] == "SUCCESS":
            self.credentials = creds
        return resp

    def login(self, username, password):
        return self._login(Credentials("PASSWORD_PLAIN", {"username": username, "password": password}))

    def login_api_key(self, username, api_key):
        return self._login(Credentials("API_KEY_PLAIN", {"username": username, "api_key": api_key}))

    def login_token(self, token):
        return self._login(Credentials("TOKEN_PLAIN", {"token": token}))

    def set_options(self, **options):
        self.options.update(options)
        return self.call("core.set_options", options)

    # ---- events ----

    def subscribe(self, name):
        ident = self.call("core.subscribe", name)
        self.subscriptions[name] = ident
        return ident

    def unsubscribe(self, name):
        self.call("core.unsubscribe", self.subscriptions.pop(name))

    def wait_event(self, predicate: Callable[[dict], bool], timeout=None):
        """The first received event (collection_update params) matching `predicate`; consumed from `events`."""
        def find():
            for ev in list(self.events):
                if predicate(ev):
                    self.events.remove(ev)
                    return ev
            return None
        return self._pump_until(find, timeout)

    def drain_events(self, collection=None):
        out = [e for e in self.events if collection is None or e.get("collection") == collection]
        for e in out:
            self.events.remove(e)
        return out

    # ---- jobs ----

    def job(self, method, *params, callback: Callable[[dict], Any] = None, timeout=None, raise_error=True):
        """Run a job method and return its result, in either job mode (legacy: the call returns the job id; else
        the reply comes at the end). `callback(job_fields)` gets every job event. Raises JobFailed/RpcError."""
        if "core.get_jobs" not in self.subscriptions:
            self.subscribe("core.get_jobs")
        legacy = self.options.get("legacy_jobs", True)
        call_id = self.send(method, params)
        job_id = None
        final = None

        def on_event(ev):
            nonlocal job_id, final
            if ev.get("collection") != "core.get_jobs":
                return False
            fields = ev.get("fields") or {}
            mine = (job_id is not None and ev.get("id") == job_id) or call_id in fields.get("message_ids", [])
            if not mine:
                return False
            job_id = ev["id"]
            if callback is not None:
                callback(fields)
            if fields.get("state") in FINISHED_STATES:
                final = fields
            return True

        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)

        def step():
            for ev in [e for e in self.events if on_event(e)]:
                self.events.remove(ev)
            msg = self._replies.get(call_id)
            if msg is not None:
                if "error" in msg:
                    self._replies.pop(call_id)
                    raise RpcError(msg["error"])
                if legacy:
                    nonlocal job_id
                    job_id = msg["result"]
                    return final if final is not None else None
                self._replies.pop(call_id)
                return {"__reply__": msg["result"]}
            return None

        out = self._pump_until(step, max(0.0, deadline - time.monotonic()))
        if "__reply__" in out:
            return out["__reply__"]
        self._replies.pop(call_id, None)
        if out["state"] != "SUCCESS" and raise_error:
            raise JobFailed(out)
        return out["result"]

    def job_id(self, method, *params):
        """Start a job in legacy mode and return its id (the caller follows it)."""
        if not self.options.get("legacy_jobs", True):
            raise RuntimeError("job_id() needs legacy_jobs")
        return self.call(method, *params)

    def wait_job(self, job_id, timeout=None):
        """Wait (through core.get_jobs events) until job `job_id` ends; returns its fields."""
        if "core.get_jobs" not in self.subscriptions:
            self.subscribe("core.get_jobs")
        current = self.call("core.get_jobs", [["id", "=", job_id]], {"get": True})
        if current["state"] in FINISHED_STATES:
            return current
        ev = self.wait_event(lambda e: e.get("collection") == "core.get_jobs" and e.get("id") == job_id
                             and (e.get("fields") or {}).get("state") in FINISHED_STATES, timeout)
        return ev["fields"]
