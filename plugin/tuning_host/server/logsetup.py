"""Logging to `<data>/<role>.log` (host.log for the serving process, supervisor.log for the supervisor) and
stderr. Each file is size-rotated: whatever callers do, the logs on disk stay bounded (LOG_BYTES x (1 + BACKUPS)).
One writer per file: two processes rotating the same file would rename each other's file from under them."""
import logging
import logging.handlers
import os
import sys

LOG_BYTES = 8 * 1024 * 1024
BACKUPS = 3


def setup_logging(settings, role):
    os.makedirs(settings.data_dir, exist_ok=True)
    fmt = logging.Formatter(f"%(asctime)s [{role} %(process)d] %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.handlers.clear()
    root.setLevel(getattr(logging, settings.log_level, logging.INFO))
    log_file = logging.handlers.RotatingFileHandler(os.path.join(settings.data_dir, f"{role}.log"),
                                                    maxBytes=LOG_BYTES, backupCount=BACKUPS, encoding="utf-8")
    for handler in (log_file, logging.StreamHandler(sys.stderr)):
        handler.setFormatter(fmt)
        root.addHandler(handler)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
