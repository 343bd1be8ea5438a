"""The one exception type that means "the user gave us bad input"."""

import re


class InputError(ValueError):
    """Bad input from the user: adapters print its message on one line (CLI exit 2, HTTP 400)."""


_LONG = re.compile(r"'([^'\n]{200,})'|(\S{200,})")


def shortened(message: str) -> str:
    """`message` with each quoted value, or run without spaces, of 200 characters or more cut
    to its start: messages echo the user's input, and a number of 5,000 digits made a
    5,000-character line."""

    def cut(m: re.Match[str]) -> str:
        quote = "'" if m.group(1) is not None else ""
        text = m.group(1) if quote else m.group(2)
        return f"{quote}{text[:60]}…{quote} ({len(text):,} characters)"

    return _LONG.sub(cut, message)
