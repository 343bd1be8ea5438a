"""The site's HTML pages: one shell (header, navigation, footer) around each page's own content.

A page file (`static/<page>.html`) holds only what is its own: its `<title>`, stylesheet and
script links, then its `<main>`. The server puts everything before `<main` into the shell's
`<head>` and the rest between the shared header and footer (`shell.html`), and marks the page's
own navigation link. Composing on the server keeps the shared parts in one file with no build
step and no script: a page arrives whole, so it renders before any module loads and reads the
same without JavaScript. A page is composed on each request (a few kilobytes of string work),
so an edited page file shows on the next reload, as the static files do.
"""

from __future__ import annotations

import re
from importlib import resources

WEB = resources.files("puzzlesmith.web")
STATIC = WEB.joinpath("static")

# Address -> page file under static/. Every file is composed into the shell.
PAGES = {
    "/": "index.html",
    "/words": "words.html",
    "/wordgrid": "wordgrid.html",
    "/fill": "fill.html",
    "/qless": "qless.html",
    "/stars": "stars.html",
    "/api-docs": "api.html",
}
NOT_FOUND = "404.html"

HEAD_MARK = "<!--page:head-->"
MAIN_MARK = "<!--page:main-->"
COMMENT = re.compile(r"<!--.*?-->\s*", re.S)


def compose(page: str, path: str, shell: str) -> str:
    """The whole document: `page`'s head part and main part in `shell`, `path`'s link marked."""
    page = COMMENT.sub("", page)  # a page's notes to its editors stay out of the answer
    cut = page.find("<main")
    if cut < 0 or "<title>" not in page[:cut]:
        raise ValueError("a page file is its <title> (and links), then its <main>")
    head, main = page[:cut].strip(), page[cut:].rstrip()
    nav_link = f'<li><a href="{path}">'
    shell = shell.replace(nav_link, f'<li><a href="{path}" aria-current="page">', 1)
    return shell.replace(HEAD_MARK, "  " + head).replace(MAIN_MARK, "  " + main)


def render(filename: str, path: str) -> str:
    """The page file `filename` (under static/) composed for the address `path`."""
    shell = WEB.joinpath("shell.html").read_text("utf-8")
    return compose(STATIC.joinpath(filename).read_text("utf-8"), path, shell)
