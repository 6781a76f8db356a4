"""JSON as the TrueNAS API client encodes it: datetimes as `{"$date": <ms since epoch>}`."""
import calendar
import json
from datetime import date, datetime, time, timezone


def _default(obj):
    if isinstance(obj, datetime):
        if obj.tzinfo is not None:
            obj = obj.astimezone(timezone.utc)
        return {"$date": calendar.timegm(obj.timetuple()) * 1000 + obj.microsecond // 1000}
    if isinstance(obj, date):
        return {"$type": "date", "$value": obj.isoformat()}
    if isinstance(obj, time):
        return {"$time": str(obj)}
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    if isinstance(obj, bytes):
        return obj.decode("utf-8", "replace")
    return str(obj)


_encoder = json.JSONEncoder(default=_default, separators=(",", ":"), ensure_ascii=False)


def dumps(obj):
    return _encoder.encode(obj)


loads = json.loads
