"""The plugin's state: one SQLite database (DESIGN §5). Writes that must survive a crash commit before the side
effect they describe."""
from .db import Database

__all__ = ['Database']
