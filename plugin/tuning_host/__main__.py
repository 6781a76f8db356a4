"""`python -m tuning_host`: start the standalone host (supervisor + serving process)."""
import sys

from .config import parse_settings
from .server.supervisor import run


def main(argv=None):
    sys.exit(run(parse_settings(argv)))


if __name__ == "__main__":
    main()
