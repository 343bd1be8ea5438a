"""The one exception type that means "the user gave us bad input"."""


class InputError(ValueError):
    """Bad input from the user: adapters print its message on one line (CLI exit 2, HTTP 400)."""
