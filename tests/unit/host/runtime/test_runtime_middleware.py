"""Middleware: registry with dotted namespaces, internal calls, threads, events, audit, loading packages."""
import asyncio
import json
import sys
import textwrap

import pytest

from tuning_host.runtime import BaseModel, CallError, Middleware, Service, ValidationErrors, api_method, private
from tuning_host.runtime.loader import ServiceLoadError, load_services, run_setups
from tuning_host.runtime.middleware import MethodNotFound
from tuning_host.runtime.service import public_method_names


class SysService(Service):
    class Config:
        namespace = "system"

    def version(self):
        return "sandbox"

    async def info(self):
        return {"version": await self.middleware.call("system.version")}


class SysRebootService(Service):
    class Config:
        namespace = "system.reboot"

    def info(self):
        return {"boot_id": self.middleware.boot_id}

    def nested(self):
        # a sync method calling another sync method runs in the same worker thread
        return self.middleware.call_sync("system.version")


class PoolDatasetService(Service):
    class Config:
        namespace = "pool.dataset"

    @private
    def hidden(self, x):
        return x * 2


class EchoDoArgs(BaseModel):
    n: int


class EchoDoResult(BaseModel):
    result: int


class EchoService(Service):
    @api_method(EchoDoArgs, EchoDoResult, roles=["SYSTEM_ADVANCED_READ"])
    def do(self, n):
        return n

    def app_of(self):
        return None


def run(tmp_path, body):
    async def main():
        mw = Middleware(str(tmp_path))
        mw.attach_loop()
        for cls in (SysService, SysRebootService, PoolDatasetService, EchoService):
            mw.add_service(cls(mw))
        try:
            return await body(mw)
        finally:
            mw.shutdown()
    return asyncio.run(main())


def test_dotted_namespaces_resolve_to_the_right_service(tmp_path):
    async def body(mw):
        assert await mw.call("system.version") == "sandbox"
        assert await mw.call("system.info") == {"version": "sandbox"}
        assert await mw.call("system.reboot.info") == {"boot_id": mw.boot_id}
        assert await mw.call("pool.dataset.hidden", 4) == 8
        assert await mw.call("system.reboot.nested") == "sandbox"
        with pytest.raises(MethodNotFound):
            await mw.call("system.nope")
    run(tmp_path, body)


def test_default_namespace_and_public_methods():
    assert EchoService._config.namespace == "echo"
    assert public_method_names(PoolDatasetService) == []
    assert public_method_names(EchoService) == ["app_of", "do"]


def test_internal_calls_still_validate_api_method_args(tmp_path):
    async def body(mw):
        assert await mw.call("echo.do", 3) == 3
        with pytest.raises(ValidationErrors):
            await mw.call("echo.do", "3")
    run(tmp_path, body)


def test_call_sync_refused_on_the_loop_thread(tmp_path):
    async def body(mw):
        with pytest.raises(RuntimeError, match="main thread"):
            mw.call_sync("system.version")
        assert await mw.run_in_thread(mw.call_sync, "system.info") == {"version": "sandbox"}
    run(tmp_path, body)


def test_two_services_may_share_a_namespace_but_not_a_method(tmp_path):
    class MoreSystemService(Service):
        class Config:
            namespace = "system"

        def hostname(self):
            return "nas"

    class ClashService(Service):
        class Config:
            namespace = "system"

        def version(self):
            return "other"

    async def body(mw):
        mw.add_service(MoreSystemService(mw))
        assert await mw.call("system.hostname") == "nas"
        with pytest.raises(ValueError, match="system.version"):
            mw.add_service(ClashService(mw))
    run(tmp_path, body)


def test_events_reach_internal_subscribers_from_threads(tmp_path):
    async def body(mw):
        got = asyncio.Event()
        seen = []

        async def handler(middleware, event_type, kwargs):
            seen.append((event_type, kwargs))
            got.set()
        mw.event_register("thing.changed", "Thing changed.")
        mw.event_subscribe("thing.changed", handler)
        await mw.run_in_thread(mw.send_event, "thing.changed", "CHANGED", id=1, fields={"a": 1})
        await got.wait()
        assert seen == [("CHANGED", {"id": 1, "fields": {"a": 1}})]
        with pytest.raises(ValueError):
            mw.send_event("thing.changed", "UPDATED")
    run(tmp_path, body)


def test_audit_lines_are_json(tmp_path):
    async def body(mw):
        await mw.log_audit_message(None, "METHOD_CALL", {"method": "x.y"}, True)
        await mw.log_audit_message(None, "METHOD_CALL", {"method": "x.z"}, False)
    run(tmp_path, body)
    lines = [json.loads(x) for x in (tmp_path / "audit.log").read_text().splitlines()]
    assert [(x["event_data"]["method"], x["success"]) for x in lines] == [("x.y", True), ("x.z", False)]


def test_request_reboot_runs_the_host_handler_once(tmp_path):
    async def body(mw):
        calls = []
        done = asyncio.Event()

        async def handler():
            calls.append(1)
            done.set()
        mw.set_reboot_handler(handler)
        await mw.run_in_thread(mw.request_reboot)
        mw.request_reboot()
        await done.wait()
        assert calls == [1] and mw.reboot_requested
    run(tmp_path, body)


def test_request_reboot_without_supervisor_is_an_error(tmp_path):
    async def body(mw):
        with pytest.raises(CallError):
            mw.request_reboot()
    run(tmp_path, body)


def write_package(root, name, files):
    pkg = root / name
    pkg.mkdir()
    for filename, text in files.items():
        (pkg / filename).write_text(textwrap.dedent(text))
    return pkg


GOOD_MODULE = """
    from tuning_host.runtime import BaseModel, Service, api_method

    class PkgThingPingArgs(BaseModel):
        pass

    class PkgThingPingResult(BaseModel):
        result: str

    class PkgThingService(Service):
        class Config:
            namespace = "pkg.thing"
            cli_namespace = "pkg.thing"

        @api_method(PkgThingPingArgs, PkgThingPingResult, roles=["SYSTEM_ADVANCED_READ"])
        async def ping(self):
            return "pong " + self.middleware.setup_mark

    async def setup(middleware):
        middleware.setup_mark = "after setup"
"""

IMPORTER_MODULE = """
    from .good import PkgThingService  # imported from elsewhere: not registered twice

    def setup(middleware):
        middleware.sync_setup_ran = True
"""


@pytest.fixture
def packages(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [m for m in sys.modules if m.split(".")[0] in ("goodpkg", "badpkg")]:
        del sys.modules[name]


def test_loader_registers_services_then_runs_setups(tmp_path, packages):
    write_package(packages, "goodpkg", {"__init__.py": "", "good.py": GOOD_MODULE, "importer.py": IMPORTER_MODULE})
    (packages / "goodpkg" / "sub").mkdir()
    (packages / "goodpkg" / "sub" / "__init__.py").write_text("raise RuntimeError('depth 1 only')\n")

    async def body(mw):
        setups = load_services(mw, [("goodpkg", True)])
        assert len(setups) == 2
        await run_setups(mw, setups)
        assert mw.sync_setup_ran is True
        assert await mw.call("pkg.thing.ping") == "pong after setup"
    (tmp_path / "data").mkdir()
    run(tmp_path / "data", body)


def test_loader_refuses_a_package_breaking_the_rules(tmp_path, packages):
    bad = GOOD_MODULE.replace('cli_namespace = "pkg.thing"', "").replace(
        'roles=["SYSTEM_ADVANCED_READ"]', 'roles=["NOT_A_ROLE"]')
    write_package(packages, "badpkg", {"__init__.py": "", "bad.py": bad})

    async def body(mw):
        with pytest.raises(ServiceLoadError) as e:
            load_services(mw, [("badpkg", True)])
        assert "cli_namespace" in str(e.value) and "NOT_A_ROLE" in str(e.value)
        assert not mw.has_method("pkg.thing.ping")  # nothing registered
        load_services(mw, [("badpkg", False)])  # host-provided (non-strict) packages are not checked
        assert mw.has_method("pkg.thing.ping")
    (tmp_path / "data").mkdir()
    run(tmp_path / "data", body)
