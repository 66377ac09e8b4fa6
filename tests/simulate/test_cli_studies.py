"""``bitcards simulate`` on the game studies: text for wide fields, JSON equal to the API, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bitcards.cli import main
from bitcards.simulate import simulate


def test_wide_fields_print_only_the_values_that_occur(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "skat-bid", "-n", "3000", "--seed", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    r = simulate("skat-bid", 3000, seed=1)
    clubs = [line for line in out.splitlines() if line.strip().startswith("front / clubs")]
    assert len(clubs) == 1
    shown = {int(tok.split(":")[0]) for tok in clubs[0].split()[3:]}
    assert shown == {v for v in (24, 36, 48, 60) if r.counts["bid"][0, 4, v]}
    assert f"p_pass_front: {r.summary()['p_pass_front']:.6g}" in out


def test_many_values_print_a_mean_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cribbage-discard", "-n", "300", "--seed", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    r = simulate("cribbage-discard", 300, seed=2)
    line = next(x for x in out.splitlines() if x.strip().startswith("p1 ") and "mean" in x)
    assert f"mean {r.mean('expected')[0]:.4f}" in line


@pytest.mark.parametrize("study", ["skat-max-bid", "cribbage-crib", "jass-play"])
def test_json_equals_the_api(study: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", study, "-n", "200", "--seed", "5", "--json", "--no-progress"]) == 0
    d = json.loads(capsys.readouterr().out)
    r = simulate(study, 200, seed=5)
    assert {k: v["counts"] for k, v in d["fields"].items()} == {k: v.tolist() for k, v in r.counts.items()}


def test_a_study_without_parameters_rejects_one() -> None:
    p = subprocess.run(
        [sys.executable, "-m", "bitcards", "simulate", "skat-bid", "-n", "10", "-p", "seat=1", "--seed", "1"],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "no parameter 'seat'" in lines[0], p.stderr
