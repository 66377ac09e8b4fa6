"""Discard advice against the naive reference; the bulk kernel against the scalar table."""

from __future__ import annotations

import numpy as np
import pytest

from bitcards._jit import JIT_DISABLED
from bitcards.cribbage import N_STARTERS, batch, discard_options
from bitcards.errors import InvalidCardsError, ParseError
from bitcards.layouts import FRENCH
from bitcards.notation import parse_cards
from tests.cribbage._util import random_deals, to_masks
from tests.naive import cribbage as naive

N_NAIVE = 2 if JIT_DISABLED else 8
N_BULK = 40 if JIT_DISABLED else 3_000


def _check_against_naive(six: list[int], crib: bool) -> None:
    table = naive.discard_table(six, crib)
    opts = discard_options(six, crib)
    assert len(opts) == 15 == len(table)
    names = {FRENCH.card_name(b): b for b in six}
    for o in opts:
        keep = frozenset(names[c] for c in o.keep)
        assert (o.total, o.min, o.max) == table[keep]
        assert set(o.keep) | set(o.discard) == set(names) and len(o.discard) == 2
    # best first: totals never increase, and the first has the naive maximum
    totals = [o.total for o in opts]
    assert totals == sorted(totals, reverse=True)
    assert totals[0] == max(t for t, _, _ in table.values())


def test_seed_hand_discard_advice() -> None:
    six = parse_cards("5H 5D 6C 7S JD KD", "french")
    _check_against_naive(six, crib=False)
    best = discard_options("5H 5D 6C 7S JD KD")[0]
    assert best.expected == best.total / N_STARTERS


@pytest.mark.parametrize("seed", range(N_NAIVE))
def test_random_deals_against_naive(seed: int) -> None:
    six = random_deals(1, 6, seed=100 + seed)[0].tolist()
    _check_against_naive(six, crib=bool(seed % 2))


@pytest.mark.parametrize("crib", [False, True])
def test_best_discards_matches_discard_options(crib: bool) -> None:
    idx = random_deals(N_BULK, 6, seed=7 + crib)
    keep, ev = batch.best_discard(to_masks(idx), crib=crib)
    for row, k, e in zip(idx, keep.tolist(), ev.tolist()):
        best = discard_options(row.tolist(), crib)[0]
        want = sum(1 << b for b in parse_cards(list(best.keep), "french"))
        assert k == want == best.keep_mask
        assert best.keep_mask | best.discard_mask == int(sum(1 << int(b) for b in row))
        assert e == pytest.approx(best.expected, abs=0, rel=1e-15)


def test_ties_go_to_the_higher_minimum() -> None:
    # keep either pair of tens-valued cards: many options share the same total
    for row in random_deals(60, 6, seed=5):
        opts = discard_options(row.tolist())
        for a, b in zip(opts, opts[1:]):
            assert (a.total, a.min) >= (b.total, b.min)


def test_bad_input() -> None:
    with pytest.raises(InvalidCardsError, match="needs 6 cards, got 5"):
        discard_options("5H 5D 6C 7S JD")
    with pytest.raises(ParseError, match="duplicate card"):
        discard_options("5H 5D 6C 7S JD JD")
    with pytest.raises(InvalidCardsError, match="row 1: 5 cards, expected 6"):
        batch.best_discard(np.array([0b111111, 0b11111], dtype=np.uint64))
    with pytest.raises(InvalidCardsError, match="row 0: bits outside"):
        batch.best_discard(np.array([(1 << 63) | 0b11111], dtype=np.uint64))


@pytest.mark.jit
def test_expected_score_matches_realised_scores_on_random_deals() -> None:
    """Given the player's six cards the dealt starter is uniform over the 46 unseen cards,
    so the mean realised score of the kept hands estimates the mean expected score."""
    from bitcards.cribbage import batch
    from bitcards.deal import deal

    d = deal(40_000, "cribbage", seed=12)
    keep, ev = batch.best_discard(d[:, 0])
    realised = batch.score(keep, d[:, 2]).astype(np.float64)
    se = realised.std() / np.sqrt(realised.size)
    assert abs(realised.mean() - ev.mean()) < 4 * se
