"""The whole-deal Skat studies: counts equal a direct playout, and do not depend on the chunking."""

from __future__ import annotations

import numpy as np
import pytest

import bitcards
from bitcards._jit import JIT_DISABLED
from bitcards.simulate import simulate

N = 300 if JIT_DISABLED else 3_000


@pytest.mark.parametrize(("study", "policy"), [("skat-random-play", "random"), ("skat-baseline", "baseline")])
def test_counts_equal_a_direct_playout_in_any_chunking(study: str, policy: str) -> None:
    a = simulate(study, N, seed=9, chunk_size=N)
    b = simulate(study, N, seed=9, chunk_size=N // 3 + 7)
    assert a.equal_counts(b)
    r = bitcards.playout("skat", deals=bitcards.deal(N, "skat", seed=9), seed=9, policy=policy)
    played = r.field("declarer") >= 0
    assert a.counts["passed"].tolist() == [int(played.sum()), int((~played).sum())]
    won = r.field("won")[played]
    game = r.field("game")[played]
    if study == "skat-baseline":
        by_game = a.counts["bid"].sum(axis=-1)
    else:
        by_game = a.counts["result"]
    for g in range(6):
        assert by_game[g].tolist() == [int(((game == g) & (won == 0)).sum()), int(((game == g) & (won == 1)).sum())]
    s = a.summary()
    assert s["p_win"] == pytest.approx(won.mean())
    assert s["p_passed_in"] == pytest.approx((~played).mean())
    assert np.isfinite(s["p_win_lo"]) and s["p_win_lo"] <= s["p_win"] <= s["p_win_hi"]
