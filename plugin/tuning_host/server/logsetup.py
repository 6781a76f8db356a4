"""Logging to `<data>/host.log` and stderr, for both the supervisor and the serving process."""
import logging
import os
import sys


def setup_logging(settings, role):
    os.makedirs(settings.data_dir, exist_ok=True)
    fmt = logging.Formatter(f"%(asctime)s [{role} %(process)d] %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.handlers.clear()
    root.setLevel(getattr(logging, settings.log_level, logging.INFO))
    for handler in (logging.FileHandler(os.path.join(settings.data_dir, "host.log")),
                    logging.StreamHandler(sys.stderr)):
        handler.setFormatter(fmt)
        root.addHandler(handler)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
