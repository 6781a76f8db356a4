"""TrueNAS 25.10 load-time rules, checked on small sample services."""
from tuning_host.runtime import BaseModel, Service, api_method, job, private
from tuning_host.runtime.rules import camel, check_service_class, expected_model_names


class DemoThingDoArgs(BaseModel):
    x: int = 0


class DemoThingDoResult(BaseModel):
    result: int


class WrongArgs(BaseModel):
    pass


class DemoThingGetZfsParametersArgs(BaseModel):
    pass


class DemoThingGetZfsParametersResult(BaseModel):
    result: dict


def test_camel_and_expected_names():
    assert camel("get_zfs_parameters") == "GetZfsParameters"
    assert expected_model_names("TuningPresetService", "apply") == ("TuningPresetApplyArgs",
                                                                    "TuningPresetApplyResult")
    assert expected_model_names("DemoService", "do_create") == ("DemoCreateArgs", "DemoCreateResult")


def test_a_conforming_service_has_no_problems():
    class DemoThingService(Service):
        class Config:
            namespace = "demo.thing"
            cli_namespace = "demo.thing"

        @api_method(DemoThingDoArgs, DemoThingDoResult, roles=["SYSTEM_ADVANCED_READ"])
        def do(self, x):
            return x

        @api_method(DemoThingGetZfsParametersArgs, DemoThingGetZfsParametersResult, roles=["SYSTEM_ADVANCED_READ"])
        @job(lock="x")
        def get_zfs_parameters(self, job):
            return {}

        @private
        def helper(self):
            pass

        def _internal(self):
            pass

    assert check_service_class(DemoThingService) == []


def test_each_rule_is_reported():
    class DemoThingService(Service):
        class Config:
            namespace = "demo.thing"  # no cli_namespace

        @api_method(WrongArgs, DemoThingDoResult, roles=["SYSTEM_ADVANCED_READ"])
        def do(self):
            pass

        @api_method(DemoThingGetZfsParametersArgs, DemoThingGetZfsParametersResult)
        def get_zfs_parameters(self):
            pass

        def plain(self):
            pass

        @api_method(DemoThingDoArgs, DemoThingDoResult, roles=["TUNING_MAGIC"])
        def other(self, x):
            pass

    problems = "\n".join(check_service_class(DemoThingService))
    assert "public service needs `Config.cli_namespace`" in problems
    assert "DemoThingService.do: incorrect accepts class name. Expected DemoThingDoArgs, got WrongArgs" in problems
    assert "DemoThingService.get_zfs_parameters: Role definition is required" in problems
    assert "DemoThingService.plain: API method is public, but has no @api_method" in problems
    assert "DemoThingService.other: invalid role 'TUNING_MAGIC'" in problems
    assert "DemoThingService.other: incorrect returns class name. Expected DemoThingOtherResult" in problems


def test_job_must_be_innermost():
    class DemoThingService(Service):
        class Config:
            namespace = "demo.thing"
            cli_namespace = "demo.thing"

        @job(lock="x")
        @api_method(DemoThingDoArgs, DemoThingDoResult, roles=["SYSTEM_ADVANCED_WRITE"])
        def do(self, job, x):
            pass

    assert check_service_class(DemoThingService) == [
        "DemoThingService.do: @job must be the innermost decorator (directly above `def`)"]


def test_read_roles_refused_on_write_methods_and_private_services_exempt_from_naming():
    class DemoService(Service):
        class Config:
            namespace = "demo"
            private = True

        @api_method(DemoThingDoArgs, DemoThingDoResult, roles=["SYSTEM_ADVANCED_READ"])
        def create(self, x):
            pass

        def anything(self):
            pass

    assert check_service_class(DemoService) == [
        "DemoService.create: SYSTEM_ADVANCED_READ may not be granted on a create/update/delete method"]


def test_unauthenticated_methods_need_no_roles():
    class DemoThingService(Service):
        class Config:
            namespace = "demo.thing"
            cli_namespace = "demo.thing"

        @api_method(DemoThingDoArgs, DemoThingDoResult, authentication_required=False)
        def do(self, x):
            pass

    assert check_service_class(DemoThingService) == []
