"""The local web app: static pages over a JSON API whose answers are the CLI's `--json` documents.

`create_app(Settings(...))` builds it; `puzzlesmith serve` runs it on uvicorn.
"""

from puzzlesmith.web.app import Settings, create_app

__all__ = ["Settings", "create_app"]
