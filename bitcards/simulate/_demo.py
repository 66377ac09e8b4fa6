"""The Monte Carlo part of ``make demo``: the skat-jacks study with a progress bar."""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

from bitcards.simulate.driver import simulate


def run_study(write: Callable[[str], None], deals: int = 20_000_000, seed: int = 2026, progress: bool = True) -> dict[str, Any]:
    """Run ``skat-jacks`` on ``deals`` deals, write a few summary lines, return the headline numbers.

    >>> lines = []
    >>> out = run_study(lines.append, deals=2_000, seed=1, progress=False)
    >>> out["deals"], len(lines) >= 3
    (2000, True)
    """
    from bitcards.simulate.driver import _warm
    from bitcards.simulate.study import get_study

    if deals == 0:
        write("Monte Carlo (study skat-jacks): no deals, so no shares to show (give --deals N)")
        return {"deals": 0, "seed": seed}
    _warm(get_study("skat-jacks"))  # compile or load the kernels before the clock starts
    r = simulate("skat-jacks", deals, seed, progress=progress)
    s = r.summary()
    rate = deals / r.seconds if r.seconds > 0 else float("inf")
    four_exact = comb(28, 6) / comb(32, 10)
    write(f"Monte Carlo (study skat-jacks): {deals:,} Skat deals, seed {r.seed}, {r.seconds:.2f} s ({rate / 1e6:.1f} M deals/s)")
    share = r.share("jacks")[0]
    exact = [comb(4, j) * comb(28, 10 - j) / comb(32, 10) for j in range(5)]
    write("  jacks in the front hand (exact): " + "  ".join(f"{j}: {share[j]:.4f} ({exact[j]:.4f})" for j in range(5)))
    write(f"  a hand holds all four jacks: {s['p_four_jacks_in_a_hand']:.6f} (exact {four_exact:.6f})")
    write(
        f"  the skat changes the front hand's jack factor: {s['p_skat_changes_jack_factor']:.4f} "
        f"(95% CI {s['p_skat_changes_jack_factor_lo']:.4f}..{s['p_skat_changes_jack_factor_hi']:.4f}); "
        f"flips with/without: {s['p_skat_flips_with_without']:.4f}"
    )
    return {"deals": deals, "seed": r.seed, "seconds": r.seconds, **s, "exact_four_jacks": four_exact}
