from __future__ import annotations

from collections.abc import Callable

import pytest

from puzzlesmith.lexicon import Lexicon, LexiconIndex
from puzzlesmith.lexicon.index import build_index


@pytest.fixture(scope="session")
def make_index() -> Callable[[list[str]], LexiconIndex]:
    def make(words: list[str]) -> LexiconIndex:
        lex = Lexicon("test", "test", "test", tuple(sorted(set(words))))
        return build_index(lex)

    return make
