"""Models of ``tuning.client.*`` (client sessions and the kit) and of the RESULT a client kit sends
(docs/clients.md): closed, strict, every string, number and list bounded, no text with control characters (it ends up
in logs, labels and reports); a fio document is read by the box's fio parser."""
import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from .benchmark_models import BenchmarkTest
from .common_models import RowId
from .framework import BaseModel, LongString, QueryFilters, QueryOptions

__all__ = [
    'TuningClientSessionEntry', 'TuningClientSessionCreateArgs', 'TuningClientSessionCreateResult',
    'TuningClientSessionQueryArgs', 'TuningClientSessionQueryResult', 'TuningClientSessionGetArgs',
    'TuningClientSessionGetResult', 'TuningClientSessionRevokeArgs', 'TuningClientSessionRevokeResult',
    'TuningClientKitArgs', 'TuningClientKitResult', 'TuningClientSubmission',
]

ClientProtocol = Literal['NFS', 'SMB', 'ISCSI', 'LOCAL', 'OTHER']
DEFAULT_TESTS = ['SEQ_WRITE', 'SEQ_READ', 'RAND_READ_4K', 'RAND_WRITE_4K']
MAX_PLAN_RUNS = 20
MAX_STEP_RUNS = 30   # a campaign step on a client runs the campaign's `runs` (campaign_models: at most 30)
MAX_FIO_DOCUMENTS = 6 * MAX_STEP_RUNS   # every built-in test, every run of a plan or a campaign step
MAX_IPERF3_DOCUMENTS = 8
# C0 and C1 controls (newline, carriage return, escape...), DEL, the Unicode line and paragraph separators and the
# bidirectional overrides: each can forge or reorder a line where the text is logged or shown
CONTROL = re.compile('[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]')


def control_character_problem(text: str) -> str | None:
    """Why ``text`` cannot be logged or shown as it is, or None."""
    found = CONTROL.search(text)
    return f'contains the control character U+{ord(found.group()):04X} (at {found.start()})' if found else None


def _plain(text: str) -> str:
    if problem := control_character_problem(text):
        raise PydanticCustomError('plain_text', 'Must be plain text: it {problem}', {'problem': problem})
    return text


def _text(limit: int, min_length: int = 0):
    return Annotated[str, Field(min_length=min_length, max_length=limit), AfterValidator(_plain)]


ByteCount = Annotated[int, Field(ge=0, le=2 ** 63 - 1)]   # what SQLite and the statistics hold


class TuningClientSessionOptions(BaseModel):
    label: _text(120) | None = None
    protocol: ClientProtocol
    """What the admin means to measure; the kit reports what it finds."""
    dataset: _text(200, 1) | None = None
    """The dataset or zvol the share or LUN exports: its settings go into the results' context."""
    tests: Annotated[list[BenchmarkTest], Field(min_length=1, max_length=6)] = DEFAULT_TESTS
    runs: Annotated[int, Field(ge=1, le=MAX_PLAN_RUNS)] = 3
    runtime_seconds: Annotated[int, Field(ge=5, le=600)] = 30
    ramp_seconds: Annotated[int, Field(ge=0, le=60)] = 5
    network_interface: _text(64, 1) | None = None
    """A port of the box: when set the kit may ask the box to serve the iperf3 ceiling there."""
    network_port: Annotated[int, Field(ge=1024, le=65535)] = 5201
    expires_minutes: Annotated[int, Field(ge=5, le=10080)] = 240
    box_url: _text(255) | None = None
    """`http(s)://host[:port]` the client reaches the box at (the panel sends its own origin); default `https://`
    and the first address of `network_interface`, or of the first port with one."""


class TuningClientPlanTest(BaseModel):
    id: str
    label: str
    rw: str
    block_size: int
    numjobs: int
    iodepth: int
    rwmixread: int | None
    sync: bool


class TuningClientPlanBox(BaseModel):
    ram_bytes: int
    arc_max_bytes: int


class TuningClientPlanNetwork(BaseModel):
    available: bool
    port: int


class TuningClientPlan(BaseModel):
    tests: list[TuningClientPlanTest]
    runs: int
    runtime_seconds: int
    ramp_seconds: int
    min_size_bytes: int
    """At least twice the box's ARC maximum, so the ARC cannot serve the reads."""
    box: TuningClientPlanBox
    network: TuningClientPlanNetwork


class TuningClientCommands(BaseModel):
    linux: LongString
    macos: LongString
    windows: LongString
    agent_linux: LongString


class TuningClientSessionEntry(BaseModel):
    id: int
    label: str
    protocol: ClientProtocol
    dataset: str | None
    created_at: str
    expires_at: str
    revoked_at: str | None
    state: Literal['ACTIVE', 'EXPIRED', 'REVOKED']
    plan: TuningClientPlan
    results: list[int]
    """Ids of the benchmark results submitted under this session."""
    box_url: str
    kit_url: str
    tls_sha256: str | None
    """SHA-256 of the box's HTTPS certificate when `box_url` is https and the box names one (TrueNAS's web UI
    certificate): the commands pass it to the kit (`--tls-sha256`), which then trusts that certificate and no
    other, so a self-signed one needs no `--insecure`."""
    commands: TuningClientCommands
    """Ready to paste: the kit is checked against its SHA-256 after the download, the token is asked for and
    passed in `TUNING_TOKEN`, never on the command line."""


class TuningClientSessionCreated(TuningClientSessionEntry):
    token: str
    """Shown only in this answer: the box keeps its SHA-256 only."""


class TuningClientSessionCreateArgs(BaseModel):
    options: TuningClientSessionOptions


class TuningClientSessionCreateResult(BaseModel):
    result: TuningClientSessionCreated


class TuningClientSessionQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningClientSessionQueryResult(BaseModel):
    result: list[TuningClientSessionEntry] | TuningClientSessionEntry | int


class TuningClientSessionGetArgs(BaseModel):
    id: RowId


class TuningClientSessionGetResult(BaseModel):
    result: TuningClientSessionEntry


class TuningClientSessionRevokeArgs(BaseModel):
    id: RowId


class TuningClientSessionRevokeResult(BaseModel):
    result: TuningClientSessionEntry


class TuningClientKitEntry(BaseModel):
    file_name: str
    text: LongString
    sha256: str
    version: int


class TuningClientKitArgs(BaseModel):
    pass


class TuningClientKitResult(BaseModel):
    result: TuningClientKitEntry


# ---- RESULT: what a kit sends (POST v1/results) or writes (--output, tuning.benchmark.import CLIENT_KIT) ----

class TuningClientHost(BaseModel):
    hostname: _text(255, 1)
    os: _text(64)
    os_version: _text(255) | None = None
    python: _text(64) | None = None
    fio_version: _text(64) | None = None
    iperf3_version: _text(128) | None = None
    cpu_count: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    ram_bytes: ByteCount | None = None


class TuningClientTarget(BaseModel):
    path: _text(4096, 1)
    kind: Literal['DIRECTORY', 'BLOCK_DEVICE']
    protocol: ClientProtocol
    protocol_version: _text(64) | None = None
    server: _text(255) | None = None
    export: _text(4096) | None = None
    mount_options: _text(4096) | None = None
    fstype: _text(64) | None = None


class TuningClientLink(BaseModel):
    interface: _text(255) | None = None
    speed_mbps: Annotated[int, Field(ge=0, le=100_000_000)] | None = None
    mtu: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    address: _text(64) | None = None


class TuningClientCacheDefeat(BaseModel):
    direct_io: bool
    size_bytes: ByteCount
    reason: _text(1024)


class TuningClientFioRun(BaseModel):
    test: _text(64)
    run: Annotated[int, Field(ge=1, le=1000)]
    output: dict
    """fio's `--output-format=json` document, read by the box's fio parser."""


class TuningClientIperf3Run(BaseModel):
    name: _text(120)
    output: dict


class TuningClientSubmission(BaseModel):
    kit_version: Annotated[int, Field(ge=1, le=1_000_000)]
    session_id: RowId
    step_id: RowId | None = None
    label: _text(120) | None = None
    started_at: _text(64)
    finished_at: _text(64)
    client: TuningClientHost
    target: TuningClientTarget
    link: TuningClientLink | None = None
    cache_defeat: TuningClientCacheDefeat
    fio: Annotated[list[TuningClientFioRun], Field(min_length=1, max_length=MAX_FIO_DOCUMENTS)]
    iperf3: Annotated[list[TuningClientIperf3Run], Field(max_length=MAX_IPERF3_DOCUMENTS)] = []
    network_result_id: RowId | None = None
