"""End-to-end game studies: deal + rule kernel + histograms, deals per second, beside a plain-Python loop.

``simulate skat-bid``: deal a Skat deal, the simple bid value of the three hands, count
(issue target: >= 10 M deals/s on one thread). The baseline does the same in plain
Python: ``random.shuffle`` of 32 cards and the plain simple bid value of
``tests/naive/skat.py`` for each hand, counted in a dict.
The cribbage and Jass studies get one entry each (all threads) beside their own baselines.
"""

from __future__ import annotations

import random
from collections import Counter

from bench.conftest import size, tag
from bitcards.simulate import simulate
from tests.naive import cribbage as naive_cribbage
from tests.naive import skat as naive_skat

GROUP = "simulate skat-bid (deals)"
N = size(8_000_000, 2_000)


def python_skat_bid(n: int, seed: int) -> Counter[tuple[int, int, str | None]]:
    """The study in plain Python: shuffle, bid value of each seat, count (seat, value, suit)."""
    rng = random.Random(seed)
    deck = list(range(32))  # bit = suit * 8 + rank, as the Skat layout
    counts: Counter[tuple[int, int, str | None]] = Counter()
    for _ in range(n):
        rng.shuffle(deck)
        for seat in range(3):
            v, suit = naive_skat.seed_bid_value([naive_skat.card(b) for b in deck[10 * seat : 10 * seat + 10]])
            counts[seat, v, suit] += 1
    return counts


def test_skat_bid_python_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    n = size(20_000, 300)
    tag(benchmark, GROUP, n, "baseline", "plain Python: random.shuffle + tests/naive simple bid value + Counter")
    counts = benchmark(python_skat_bid, n, 1)
    assert sum(counts.values()) == 3 * n


def test_skat_bid_one_thread(benchmark, one_thread) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, GROUP, N, "bitcards", "bitcards.simulate skat-bid, local, 1 thread")
    r = benchmark(simulate, "skat-bid", N, 1, threads=1)
    assert int(r.counts["bid"][0].sum()) == N


def test_skat_bid_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    tag(benchmark, GROUP, N, "bitcards", f"bitcards.simulate skat-bid, local, {all_threads} threads")
    r = benchmark(simulate, "skat-bid", N, 1)
    assert int(r.counts["bid"][0].sum()) == N


# -- cribbage: the best of 15 keeps over 46 starters for both players, then the crib -----------------------

CRIB_GROUP = "simulate cribbage-crib (deals)"


def python_cribbage_crib(n: int, seed: int) -> Counter[int]:
    """Plain Python: deal 6 + 6 + starter, best keep of each player by tests/naive's table, score the crib."""
    rng = random.Random(seed)
    deck = list(range(52))
    counts: Counter[int] = Counter()
    for _ in range(n):
        rng.shuffle(deck)
        crib = []
        for six in (deck[0:6], deck[6:12]):
            table = naive_cribbage.discard_table(six)
            keep = max(table, key=lambda k: table[k][:2])
            crib += [b for b in six if b not in keep]
        counts[naive_cribbage.score_bits(crib, deck[12], crib=True)] += 1
    return counts


def test_cribbage_crib_python_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    n = size(20, 2)
    tag(benchmark, CRIB_GROUP, n, "baseline", "plain Python: random.shuffle + tests/naive discard table + crib score")
    assert sum(benchmark(python_cribbage_crib, n, 1).values()) == n


def test_cribbage_crib_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    n = size(200_000, 500)
    tag(benchmark, CRIB_GROUP, n, "bitcards", f"bitcards.simulate cribbage-crib, local, {all_threads} threads")
    assert int(benchmark(simulate, "cribbage-crib", n, 1).counts["crib"][0].sum()) == n


# -- jass: six random legal games per deal -------------------------------------------------------------------

JASS_GROUP = "simulate jass-play (deals x 6 contracts)"


def test_jass_play_python_baseline(benchmark) -> None:  # type: ignore[no-untyped-def]
    from tests.naive import jass as naive_jass

    def play(n: int, seed: int) -> int:
        rng = random.Random(seed)
        total = 0
        for _ in range(n):
            deck = [naive_jass.name(i) for i in range(36)]
            rng.shuffle(deck)
            for contract in "dhscou":
                hands = [sorted(deck[9 * p : 9 * p + 9]) for p in range(4)]
                leader, pts = 0, 0
                for _t in range(9):
                    trick: list[str] = []
                    for j in range(4):
                        p = (leader + j) % 4
                        c = rng.choice(naive_jass.allowed_cards(hands[p], trick, contract))
                        hands[p].remove(c)
                        trick.append(c)
                    w = (leader + naive_jass.trick_winner_index(trick, contract)) % 4
                    if w % 2 == 0:
                        pts += sum(naive_jass.card_points(c, contract) for c in trick)
                    leader = w
                total += pts
        return total

    n = size(300, 3)
    tag(benchmark, JASS_GROUP, n, "baseline", "plain Python: random.shuffle + tests/naive allowed cards, six contracts")
    benchmark(play, n, 1)


def test_jass_play_all_threads(benchmark, all_threads) -> None:  # type: ignore[no-untyped-def]
    n = size(200_000, 500)
    tag(benchmark, JASS_GROUP, n, "bitcards", f"bitcards.simulate jass-play, local, {all_threads} threads")
    assert int(benchmark(simulate, "jass-play", n, 1).counts["tricks"][0].sum()) == n
