"""Remembered answers (issue 12 load): a repeated read is answered from the JSON text of its earlier answer only
while its source's version, its parameters and the caller's roles are the same, only to a session that may call it
now, and only if the call that made it stayed in memory."""
import asyncio
import time
import types

import pytest

from tuning.context import plugin_context
from tuning.store import Database
from tuning.store.offloop import store_version
from tuning_host.runtime import reach
from tuning_host.server import answers as answers_mod
from tuning_host.server.answers import Answers, rememberable, tuning_state
from tuning_host.server.connection import Connection

READ = "READONLY_ADMIN"


def method(roles=(READ,), no_auth=False, **attributes):
    async def fn():
        return None
    fn.roles = list(roles)
    if no_auth:
        fn._no_auth_required = True
    for name, value in attributes.items():
        setattr(fn, name, value)
    return fn


class FakeWs:
    async def send_str(self, data):
        pass


class Source:
    """A source whose version a test moves."""

    def __init__(self):
        self.version = 1

    def __call__(self, middleware):
        return self.version


def middleware():
    auth = types.SimpleNamespace(ended_api_keys=set())
    return types.SimpleNamespace(get_service=lambda name: auth)


def session(mw, roles=(READ,), expires_in=60.0, api_key=None):
    conn = Connection(mw, FakeWs(), "127.0.0.1")
    conn.authenticated = True
    conn.authenticated_credentials = {"username": "u", "roles": list(roles), "api_key": api_key,
                                      "expires_at": time.monotonic() + expires_in}
    return conn


def sent(conn):
    out = []
    while not conn._outgoing.empty():
        out.append(conn._outgoing.get_nowait())
    return out


async def kept(answers, conn, name, methodobj, params, result, reach_out=False):
    """Play one full-path call of `name` in its own task (as the server does); the text it sends, or None when it
    was not recorded."""
    async def call():
        recording = answers.recording(conn, name, methodobj, params)
        if reach_out:
            reach.reaching_out()
        return recording.keep(result) if recording else None
    return await asyncio.get_running_loop().create_task(call())


def test_a_kept_answer_is_the_text_send_result_sends():
    async def main():
        mw, source, m = middleware(), Source(), method()
        answers = Answers(mw, {"x.read": source})
        conn = session(mw)
        assert not answers.answer(conn, 1, "x.read", m, [])                 # nothing kept yet
        text = await kept(answers, conn, "x.read", m, [], {"a": ["é", 1]})
        conn.send_result(7, {"a": ["é", 1]})
        conn.send_result("s", {"a": ["é", 1]})
        expected = sent(conn)
        assert [answers.answer(conn, 7, "x.read", m, []), answers.answer(conn, "s", "x.read", m, [])] == expected
        assert text == '{"a":["é",1]}'
    asyncio.run(main())


def test_another_version_params_or_roles_is_not_served_the_kept_answer():
    async def main():
        mw, source, m = middleware(), Source(), method(roles=(READ, "FULL_ADMIN"))
        answers = Answers(mw, {"x.read": source})
        admin = session(mw, roles=("FULL_ADMIN",))
        await kept(answers, admin, "x.read", m, [], ["all"])
        assert answers.answer(admin, 1, "x.read", m, [])
        assert not answers.answer(admin, 2, "x.read", m, [[["id", "=", "a"]]])   # a filter: another call
        assert not answers.answer(admin, 3, "x.read", m, [[], {"count": True}])   # options too
        assert not answers.answer(session(mw, roles=(READ,)), 4, "x.read", m, [])  # other roles
        source.version = 2                                                          # the source changed
        assert not answers.answer(admin, 5, "x.read", m, [])
        await kept(answers, admin, "x.read", m, [], ["new"])
        assert '"result":["new"]' in answers.answer(admin, 6, "x.read", m, [])
        source.version = None                                                       # not to be remembered now
        assert not answers.answer(admin, 7, "x.read", m, [])
        assert await kept(answers, admin, "x.read", m, [], ["newer"]) is None
    asyncio.run(main())


def test_only_a_session_that_may_call_the_method_now_is_served():
    async def main():
        mw, source = middleware(), Source()
        m, ping = method(roles=("FULL_ADMIN",)), method(roles=(), no_auth=True)
        answers = Answers(mw, {"x.admin": source, "x.ping": source})
        admin = session(mw, roles=("FULL_ADMIN",))
        await kept(answers, admin, "x.admin", m, [], "secret")
        await kept(answers, admin, "x.ping", ping, [], "pong")
        readonly = session(mw, roles=(READ,))
        assert not answers.answer(readonly, 1, "x.admin", m, [])          # not its role: the full path refuses
        anonymous = session(mw, roles=("FULL_ADMIN",))
        anonymous.authenticated, anonymous.authenticated_credentials = False, None
        assert not answers.answer(anonymous, 2, "x.ping", ping, [])        # anonymous: rate limited on the full path
        assert answers.answer(admin, 3, "x.ping", ping, [])
        expired = session(mw, roles=("FULL_ADMIN",), expires_in=-1)
        assert not answers.answer(expired, 4, "x.admin", m, [])            # the full path logs it out
        keyed = session(mw, roles=("FULL_ADMIN",), api_key={"id": 5})
        assert answers.answer(keyed, 5, "x.admin", m, [])
        mw.get_service("auth").ended_api_keys.add(5)                       # its API key was deleted
        assert not answers.answer(keyed, 6, "x.admin", m, [])
    asyncio.run(main())


def test_a_call_that_reached_beyond_memory_is_not_kept():
    async def main():
        mw, source, m = middleware(), Source(), method()
        answers = Answers(mw, {"x.read": source})
        conn = session(mw)
        assert await kept(answers, conn, "x.read", m, [], {"drift": []}, reach_out=True) == '{"drift":[]}'
        assert not answers.answer(conn, 1, "x.read", m, [])
        await kept(answers, conn, "x.read", m, [], {"drift": []})
        assert answers.answer(conn, 2, "x.read", m, [])
    asyncio.run(main())


def test_the_reach_watch_follows_a_call_and_its_tasks_not_other_calls():
    async def main():
        async def call(reaches, in_subtask):
            w = reach.watch()
            if in_subtask:
                async def helper():
                    reach.reaching_out()
                await asyncio.get_running_loop().create_task(helper())
            elif reaches:
                reach.reaching_out()
            await asyncio.sleep(0)
            return w.reached_out
        loop = asyncio.get_running_loop()
        results = await asyncio.gather(loop.create_task(call(True, False)), loop.create_task(call(False, False)),
                                       loop.create_task(call(False, True)))
        assert results == [True, False, True]
    asyncio.run(main())


def test_middleware_calls_and_worker_threads_count_as_reaching_out(tmp_path):
    from tuning_host.runtime import Middleware, Service, private

    class S(Service):
        class Config:
            namespace = "s"

        @private
        async def one(self):
            return 1

    async def main():
        mw = Middleware(str(tmp_path))
        mw.attach_loop()
        mw.add_service(S(mw))
        try:
            for reaching in (lambda: mw.call("s.one"), lambda: mw.run_in_thread(int, "1"),
                             lambda: mw.run_in_executor(mw.executor, int, "1")):
                async def call():
                    w = reach.watch()
                    await reaching()
                    return w.reached_out
                assert await asyncio.get_running_loop().create_task(call())
        finally:
            mw.shutdown()
    asyncio.run(main())


@pytest.mark.parametrize("attributes, ok", [
    ({}, True),
    ({"audit": "Something changed"}, False),
    ({"_job": {"lock": None}}, False),
    ({"_pass_app": {"require": False, "message_id": False}}, False),
])
def test_audited_methods_jobs_and_methods_given_the_connection_are_never_remembered(attributes, ok):
    assert rememberable(method(**attributes)) is ok
    assert not rememberable(lambda: None)   # a plain method runs in a worker thread, out of the watch's sight


def test_long_parameters_are_not_remembered_and_entries_are_bounded(monkeypatch):
    monkeypatch.setattr(answers_mod, "MAX_ENTRIES", 3)

    async def main():
        mw, source, m = middleware(), Source(), method()
        answers = Answers(mw, {"x.read": source})
        conn = session(mw)
        assert answers.recording(conn, "x.read", m, ["x" * answers_mod.MAX_PARAMS_CHARS]) is None
        for i in range(4):
            await kept(answers, conn, "x.read", m, [i], i)
        assert len(answers._entries) == 1 and answers.answer(conn, 1, "x.read", m, [3])
    asyncio.run(main())


@pytest.fixture
def tuning_ctx(tmp_path):
    mw = types.SimpleNamespace()
    ctx = plugin_context(mw)
    ctx.open(Database(str(tmp_path / "tuning.db")))
    ctx.boot_id = "boot-1"
    yield mw, ctx
    ctx.close()


def test_the_tuning_versions_change_with_a_write_the_box_guard_and_start_up(tuning_ctx):
    mw, ctx = tuning_ctx
    assert store_version(mw) is None and tuning_state(mw) is None          # start-up not over
    ctx.startup.end("READY")
    store, state = store_version(mw), tuning_state(mw)
    assert store is not None and state is not None and store_version(mw) == store and tuning_state(mw) == state
    ctx.db.execute("INSERT INTO event_log (at, kind, message) VALUES ('t', 'recovery', 'm')")
    assert store_version(mw) != store and tuning_state(mw) != state
    store, state = store_version(mw), tuning_state(mw)
    ctx.guard.acquire("tuning.benchmark.run", 3)                          # a job holds the box: no write
    assert store_version(mw) == store and tuning_state(mw) != state
    ctx.guard.release()
    assert tuning_state(mw) == state
    ctx.startup.end("FAILED", "broken")
    assert store_version(mw) is None and tuning_state(mw) is None
