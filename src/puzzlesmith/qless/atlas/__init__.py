"""The Q-Less atlas: a stored result for every roll of the real dice.

For `qless solve` and the web app: `lookup(default_db_path(), letters, index.content_hash)`
gives the stored JSON document of a roll (or None) without solving anything.
"""

from puzzlesmith.qless.atlas.store import default_db_path, lookup

__all__ = ["default_db_path", "lookup"]
