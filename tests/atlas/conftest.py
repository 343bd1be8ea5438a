"""A small Dask LocalCluster shared by the atlas tests (the machine is shared: one worker)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from puzzlesmith.qless.atlas.cluster import open_client


@pytest.fixture(scope="session")
def dask_client() -> Iterator[Any]:
    with open_client(None, workers=1) as client:
        yield client
