"""What keeps other sites' pages out and this machine's paths in.

A page on any site can make a browser send requests to 127.0.0.1; the browser's same-origin
rules stop it reading the answers only while the page's own name and ours differ. DNS
rebinding removes that: the attacker's name is re-pointed at 127.0.0.1, and the browser then
sends our server requests with `Host: attacker.example`. Answering only the Host names of
this machine (and the names `--allow-host` adds) closes that door.

Why not Starlette's TrustedHostMiddleware: it answers in plain text, and every error of this
app is `{"detail": "<one line>"}`.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from puzzlesmith.errors import InputError

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def host_name(header: str) -> str | None:
    """The name in a Host header without its port (`[::1]:8000` -> `::1`); None if malformed."""
    if not header or any(c.isspace() or c in "/?#@\\" for c in header):
        return None
    try:
        parts = urlsplit("//" + header)
        _ = parts.port  # a malformed port raises here
    except ValueError:
        return None
    return parts.hostname  # lower-cased, brackets of an IPv6 literal removed


def normalize(name: str) -> str:
    """A Host name as `host_name` gives it: `[::1]` and `::1` are the same name."""
    return name.strip().strip("[]").lower()


class HostCheck:
    """Answer 400 to any request whose Host header is not one of `allowed` (`*`: any)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = frozenset(normalize(n) for n in allowed)
        self.any = "*" in self.allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        raw = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
        name = host_name(raw)
        if name is not None and (self.any or name in self.allowed):
            await self.app(scope, receive, send)
            return
        shown = raw if len(raw) <= 80 else raw[:80] + "…"
        body = json.dumps({"detail": f"Host {shown!r} is not served here (this server answers "
                                     f"{', '.join(sorted(self.allowed))}; see --allow-host)"})
        data = body.encode()
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(data)).encode())]})
        await send({"type": "http.response.body", "body": data})


def _server_folders() -> list[str]:
    """This machine's folders that messages may name: home, temporary, cache, config and data
    folders, the installation, and the folders of registered word lists."""
    import puzzlesmith
    from puzzlesmith.files import cache_dir
    from puzzlesmith.lexicon.registry import config_dir, registered
    from puzzlesmith.qless.atlas import default_db_path

    folders = {str(Path.home()), tempfile.gettempdir(), str(cache_dir()), str(config_dir()),
               str(default_db_path().parent), str(Path(puzzlesmith.__file__).parent),
               sys.prefix}
    with contextlib.suppress(InputError):  # an unreadable registry: no folders to add
        folders.update(str(Path(p).parent) for p in registered().values())
    return sorted((f.rstrip("/") for f in folders if len(f.rstrip("/")) > 1), key=len,
                  reverse=True)


def redact(message: str) -> str:
    """A message for a client, with the server's folders left out (`…/atlas.sqlite`); a path
    the client sent itself stays as it was sent."""
    for folder in _server_folders():
        message = re.sub(re.escape(folder) + r"/(?:[^\s/'\"]+/)*", "…/", message)
    return message
