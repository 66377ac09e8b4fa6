"""``bitcards simulate``: text, JSON, Parquet output, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bitcards.cli import main
from bitcards.simulate import read_parquet, simulate


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "skat-jacks", "--deals", "2000", "--seed", "3", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("skat-jacks: 2,000 deals, seed 3, seat=0")
    assert "p_skat_changes_jack_factor" in out and "front" in out


def test_json_equals_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "euchre-bowers", "-n", "1_500", "--seed", "9", "--chunk-size", "500", "--json"]
    assert main(argv) == 0
    cap = capsys.readouterr()
    d = json.loads(cap.out)
    r = simulate("euchre-bowers", 1_500, seed=9)
    assert d["fields"]["bowers"]["counts"] == r.counts["bowers"].tolist()
    assert d["deals"] == 1_500 and d["chunk_size"] == 500 and d["seed"] == 9
    assert cap.err == ""  # stderr is no terminal here: no progress bar frames in it


def test_progress_bar_on_a_terminal(capsys: pytest.CaptureFixture[str], tty_stderr: None) -> None:
    assert main(["simulate", "euchre-bowers", "-n", "1_500", "--seed", "9", "--json"]) == 0
    err = capsys.readouterr().err
    assert "euchre-bowers" in err and "1.50k/1.50k" in err and "deal" in err
    assert main(["simulate", "euchre-bowers", "-n", "1_500", "--seed", "9", "--json", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_parquet_out_and_params(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.parquet"
    assert main(["simulate", "skat-jacks", "-n", "1e3", "--seed", "4", "-p", "seat=2", "--out", str(path), "--no-progress"]) == 0
    capsys.readouterr()
    back = read_parquet(path)
    assert back.params == {"seat": 2} and back.deals == 1_000 and back.seed == 4
    assert back.equal_counts(simulate("skat-jacks", 1_000, seed=4, params={"seat": 2}))


def test_fresh_seed_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "skat-skat-points", "-n", "100", "--no-progress", "--json"]) == 0
    cap = capsys.readouterr()
    seed = int(cap.err.split("seed: ")[1].split()[0])
    assert json.loads(cap.out)["seed"] == seed


ERRORS = [
    (["simulate", "poker"], "invalid choice"),
    (["simulate", "skat-jacks", "--deals", "-5"], "argument --deals/-n: must be >= 0"),
    (["simulate", "skat-jacks", "--deals", "lots"], "invalid count 'lots'"),
    (["simulate", "skat-jacks", "--chunk-size", "0"], "argument --chunk-size: must be >= 1"),
    (["simulate", "skat-jacks", "--workers", "0"], "argument --workers: must be >= 1"),
    (["simulate", "skat-jacks", "--workers", "2", "--scheduler", "tcp://x:1"], "not allowed with"),
    (["simulate", "skat-jacks", "-p", "seat"], "KEY=VALUE"),
    (["simulate", "skat-jacks", "-p", "seat=7"], "seat must be 0"),
    (["simulate", "skat-jacks", "-p", "colour=1"], "no parameter 'colour'"),
    (["simulate", "skat-jacks", "--out", "/nonexistent/dir/x.parquet"], "cannot write"),
    (["simulate", "skat-jacks", "-n", "10", "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    (["simulate", "skat-jacks", "-n", "10", "--scheduler", "localhost"], "bad Dask scheduler address"),
]


@pytest.mark.parametrize(("argv", "needle"), ERRORS)
def test_user_errors_one_line_exit_2(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        rc = main([*argv, "--seed", "1", "--no-progress"])
    except SystemExit as e:  # argparse's own errors
        rc = e.code  # type: ignore[assignment]
    assert rc == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], lines


@pytest.mark.parametrize(("argv", "needle"), [ERRORS[0], ERRORS[2], ERRORS[7], ERRORS[10], ERRORS[11]])
def test_user_errors_in_a_real_process(argv: list[str], needle: str) -> None:
    r = subprocess.run([sys.executable, "-m", "bitcards", *argv, "--seed", "1"], capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], r.stderr
    assert "Traceback" not in r.stderr


def _no_nan(token: str) -> None:
    raise AssertionError(f"{token} is not JSON")


def test_zero_deals_json_is_strict_json(capsys: pytest.CaptureFixture[str]) -> None:
    """A 0-deal run has undefined means and shares: null in the JSON, not NaN (which JSON does not have)."""
    assert main(["simulate", "skat-jacks", "--deals", "0", "--seed", "1", "--no-progress", "--json"]) == 0
    d = json.loads(capsys.readouterr().out, parse_constant=_no_nan)
    assert d["deals"] == 0 and d["summary"]["mean_jacks_front"] is None


def test_deals_in_e_notation_are_exact_and_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    """``1e23`` is 10**23 (a float would make it 99999999999999991611392); beyond 2**63 - 1 rows is refused at once."""
    for text, shown in (("1e23", "got 100000000000000000000000"), ("1e30", "got a 31-digit number")):
        assert main(["simulate", "skat-jacks", "--deals", text, "--seed", "1", "--no-progress"]) == 2
        err = capsys.readouterr().err.splitlines()
        assert len(err) == 1 and "deals must be <= 2**63 - 1" in err[0] and shown in err[0], err
    assert main(["simulate", "skat-jacks", "--deals", "1.5e3", "--seed", "1", "--no-progress", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 1500
