"""Models of ``tuning.network.*``: the network ceiling measured with iperf3."""
from typing import Annotated, Literal

from pydantic import Field

from .common_models import RowId
from .framework import BaseModel, NonEmptyString, QueryFilters, QueryOptions

__all__ = [
    'TuningNetworkEntry', 'TuningNetworkMeasureArgs', 'TuningNetworkMeasureResult', 'TuningNetworkQueryArgs',
    'TuningNetworkQueryResult', 'TuningNetworkGetArgs', 'TuningNetworkGetResult', 'TuningNetworkDeleteArgs',
    'TuningNetworkDeleteResult',
]

Direction = Literal['CLIENT_TO_BOX', 'BOX_TO_CLIENT']


class TuningNetworkMeasureOptions(BaseModel):
    interface: NonEmptyString
    """One of the box's network ports (`tuning.profile`'s `nics`); the server listens on its address only."""
    port: Annotated[int, Field(ge=1024, le=65535)] = 5201
    """TCP port of the iperf3 server (iperf3's own default); refused when something already listens there."""
    duration_seconds: Annotated[int, Field(ge=1, le=60)] = 10
    """Seconds each of the four client tests runs (`iperf3 -t`); the job refuses a test of another length."""
    parallel_streams: Annotated[int, Field(ge=2, le=16)] = 4
    """Streams of the parallel measurements (`iperf3 -P`)."""
    client_timeout_seconds: Annotated[int, Field(ge=5, le=3600)] = 300
    """How long the job waits for the client to start each measurement before it gives up."""
    label: Annotated[str, Field(max_length=120)] | None = None


class TuningNetworkMeasurement(BaseModel):
    name: str
    """In words: `4 parallel streams, box → client`."""
    streams: int
    direction: Direction
    """`CLIENT_TO_BOX`: the client sends and the box receives (writing to a share); `BOX_TO_CLIENT`: `iperf3 -R`."""
    bits_per_second: float
    """What crossed the link: the box's received rate, or its sent rate when it was the sender."""
    bits_per_second_received: float | None
    bits_per_second_sent: float | None
    retransmits: int | None
    """TCP retransmits, known only when the box sent."""
    cpu_percent: float | None
    """The box's CPU use during the test (iperf3's host_total)."""
    seconds: float
    client_address: str | None
    client_command: list[str]
    """What the client ran."""


class TuningNetworkEntry(BaseModel):
    id: int
    label: str
    created_at: str
    finished_at: str
    interface: str
    address: str
    """The address the server was bound to."""
    port: int
    link_speed_mbps: int | None
    """Nominal link speed: the upper bound the measured ceiling is read against."""
    mtu: int | None
    client_address: str | None
    iperf3_version: str | None
    measurements: list[TuningNetworkMeasurement]
    ceiling_bits_per_second: float
    """The fastest of the measurements: what one client can move over this link."""


class TuningNetworkMeasureArgs(BaseModel):
    options: TuningNetworkMeasureOptions


class TuningNetworkMeasureResult(BaseModel):
    result: TuningNetworkEntry


class TuningNetworkQueryArgs(BaseModel):
    filters: QueryFilters = []
    options: QueryOptions = QueryOptions()


class TuningNetworkQueryResult(BaseModel):
    result: list[TuningNetworkEntry] | TuningNetworkEntry | int


class TuningNetworkGetArgs(BaseModel):
    id: RowId


class TuningNetworkGetResult(BaseModel):
    result: TuningNetworkEntry


class TuningNetworkDeleteArgs(BaseModel):
    id: RowId


class TuningNetworkDeleteResult(BaseModel):
    result: bool
