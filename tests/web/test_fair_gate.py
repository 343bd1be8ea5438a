"""The fair gate on its own (issue 41, items 2 and 3): places go round-robin across clients,
one running task per client while others wait, a waiting client sees its position, and only
one client's cap answers 429; a request without a signed cookie is the one client ANONYMOUS,
whatever header it sends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from puzzlesmith.web.admission import (
    ANONYMOUS,
    COOKIE,
    FairGate,
    TooMany,
    client_of,
    new_cookie,
)


def _run(scenario: Callable[[], Awaitable[None]]) -> None:
    with ThreadPoolExecutor(1) as pool:  # a loop of its own (Playwright may own this one's)
        pool.submit(asyncio.run, scenario()).result(timeout=60)  # type: ignore[arg-type]


def test_a_script_holding_every_place_cannot_keep_a_newcomer_out() -> None:
    # The probe: one script filled every place and everyone else got 429. Here the
    # script queues many, a polite client arrives last and still goes next, with position 1.
    async def scenario() -> None:
        gate = FairGate(2, per_client=8, max_total=64, per_client_running=2)
        script = [gate.join("script") for _ in range(8)]
        assert [t.granted.done() for t in script] == [True, True] + [False] * 6
        polite = gate.join("polite")
        assert gate.position(polite) == 1 and gate.position(script[2]) == 2
        gate.leave(script[0])
        assert polite.granted.done()  # the freed place went to the newcomer, not the script
        gate.leave(script[1])
        assert script[2].granted.done()
        script += [gate.join("script"), gate.join("script")]  # back to its cap of 8 held
        with pytest.raises(TooMany, match="at most 8"):
            gate.join("script")
        for ticket in [*script, polite]:
            gate.leave(ticket)
        assert gate.total == 0 and gate.busy == 0

    _run(scenario)


def test_places_go_round_robin_one_running_per_client() -> None:
    async def scenario() -> None:
        gate = FairGate(1, per_client=8, max_total=64)
        order: list[str] = []
        tickets = [gate.join(c) for c in ["a", "a", "a", "b", "b", "c"]]
        while gate.total:
            running = next(t for t in tickets if t.granted.done() and not t.left)
            order.append(running.client)
            gate.leave(running)
        assert order == ["a", "b", "c", "a", "b", "a"]

    _run(scenario)


def test_one_client_never_holds_more_than_one_place_while_others_wait() -> None:
    async def scenario() -> None:
        gate = FairGate(2, per_client=8, max_total=64)
        a1, a2 = gate.join("a"), gate.join("a")
        assert a1.granted.done() and not a2.granted.done()  # one place stays free for others
        b = gate.join("b")
        assert b.granted.done() and gate.position(a2) == 1

    _run(scenario)


def test_a_waiter_that_gives_up_leaves_its_place_in_the_queue() -> None:
    async def scenario() -> None:
        gate = FairGate(1, per_client=8, max_total=64)
        first = gate.join("a")
        second = gate.join("b")
        with pytest.raises(TimeoutError):
            await gate.wait(second, timeout=0)
        assert gate.total == 1 and gate.position(second) is None
        gate.leave(first)
        assert gate.total == 0

    _run(scenario)


def test_only_a_cookie_this_server_signed_names_a_client() -> None:
    cookie = new_cookie()
    name = client_of({COOKIE: cookie})
    assert name != ANONYMOUS and cookie.startswith(name + ".")
    assert client_of({}) == ANONYMOUS
    assert client_of({COOKIE: "made-up"}) == ANONYMOUS
    assert client_of({COOKIE: name + ".0000000000000000"}) == ANONYMOUS

