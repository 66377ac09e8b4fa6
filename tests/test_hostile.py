"""Hostile input and faults: every failure of the hostile-input report (F1...) as a test.

Each test names its item. In-process CLI tests (``bitcards.cli.main``) where the process itself is
not what is tested; a subprocess where it is (closed stdout, /dev/full, Ctrl-C, read-only installs).
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bitcards.cli import main

HAND = ["JC", "JS", "JD", "AC", "KC", "9C", "AS", "7H", "QD", "8D"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)``: (exit code, stdout, stderr); argparse's own errors count as their exit code."""
    try:
        rc = main(argv)
    except SystemExit as e:
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


def bitcards(*argv: str, **kw) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run([sys.executable, "-m", "bitcards", *argv], capture_output=True, text=True, **kw)


# --- F5, F11: output that cannot be written ---------------------------------------------


class _FullStdout(io.StringIO):
    """A stdout on a full disk: every write fails with ENOSPC."""

    def write(self, s: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


#: one invocation of every command that prints results (inputs from tests/data where it reads a file)
COMMANDS = [
    ["deal", "skat", "-n", "10", "--seed", "1"],
    ["deal", "cribbage", "-n", "3", "--seed", "1", "--json"],
    ["skat", "bid", *HAND],
    ["skat", "value", "CJ", "SJ", "DA", "DT", "D9", "HA", "HK", "H7", "S8", "S7", "C7", "C8", "--game", "clubs"],
    ["skat", "stats", "--sample", "1000"],
    ["skat", "id", "decode", "AABQVVWqqvo="],
    ["skat", "run-id", "decode", "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA=="],
    ["jass", "play", "-n", "1", "--seed", "1"],
    ["cribbage", "discard", "5H", "5D", "6C", "7S", "JD", "KD"],
    ["cribbage", "stats", "--deals", "100", "--seed", "1"],
    ["simulate", "skat-jacks", "-n", "100", "--seed", "1", "--no-progress"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_f5_a_full_disk_is_one_line(argv: list[str], capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """F5: output to a full disk: one line naming the failure and a non-zero exit, never a traceback."""
    monkeypatch.setattr(sys, "stdout", _FullStdout())
    rc = main(argv)
    err = capsys.readouterr().err
    assert rc == 74
    assert err.splitlines()[-1] == "bitcards: error: cannot write output: No space left on device", err


@pytest.mark.parametrize("argv", [COMMANDS[0], COMMANDS[2], COMMANDS[7]], ids=lambda a: " ".join(a[:2]))
def test_f5_dev_full_in_a_real_process(argv: list[str]) -> None:
    """F5: ``> /dev/full`` in a real process (Python's own flush at exit must not add a second message)."""
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "bitcards", *argv], stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 74
    assert r.stderr == "bitcards: error: cannot write output: No space left on device\n", r.stderr


def test_f11_closed_stdout_is_one_line() -> None:
    """F11: ``bitcards skat bid ... >&-``: stdout closed, one line and a non-zero exit."""
    r = subprocess.run([sys.executable, "-m", "bitcards", "skat", "bid", *HAND], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 74
    assert r.stderr == "bitcards: error: cannot write output: Bad file descriptor\n", r.stderr


def test_f11_closed_stdout_does_not_matter_without_output(tmp_path: Path) -> None:
    """F11: a command that writes to ``--out`` does not need stdout."""
    out = tmp_path / "d.npy"
    r = subprocess.run([sys.executable, "-m", "bitcards", "deal", "skat", "-n", "3", "--seed", "1", "--out", str(out)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 0 and r.stderr == "" and out.exists()


def test_f5_broken_pipe_is_one_line() -> None:
    """Write errors on a pipe closed by the reader (``| head``): one line and a non-zero exit too."""
    p = subprocess.Popen([sys.executable, "-m", "bitcards", "deal", "skat", "-n", "1000000", "--seed", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert p.stdout is not None and p.stderr is not None
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=120) == 74
    assert err == "bitcards: error: cannot write output: Broken pipe\n", err


# --- number syntax: one rule for count flags --------------------------------------------

#: (a command with a count flag written as {}, what must be the same for every spelling of 1000)
COUNT_FLAGS = [
    (["deal", "euchre", "-n", "{}", "--seed", "1"], "stdout"),
    (["deal", "skat", "-n", "2", "--start", "{}", "--seed", "1"], "stdout"),
    (["jass", "play", "-n", "1", "--start", "{}", "--seed", "1", "--json"], "stdout"),
    (["simulate", "skat-jacks", "--deals", "{}", "--seed", "1", "--no-progress", "--json"], "counts"),
    (["simulate", "skat-jacks", "--deals", "3000", "--chunk-size", "{}", "--seed", "1", "--no-progress", "--json"], "counts"),
    (["cribbage", "stats", "--deals", "{}", "--seed", "1"], "stdout"),
    (["skat", "stats", "--sample", "{}", "--seed", "1"], "stdout"),
]


def _counts(out: str) -> object:
    import json

    return {k: v["counts"] for k, v in json.loads(out)["fields"].items()}


def _ids(a: object) -> str:
    return " ".join(a[:3]) if isinstance(a, list) else str(a)


@pytest.mark.parametrize(("argv", "same"), COUNT_FLAGS, ids=_ids)
def test_count_flags_read_1e3_1_000_and_1000_alike(argv: list[str], same: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Number syntax: ``deal -n 1e3`` was refused while ``simulate --deals 1e3`` was accepted."""
    results = []
    for text in ("1000", "1_000", "1e3", "1E3", "10e2"):
        rc, out, err = run([a.replace("{}", text) for a in argv], capsys)
        assert rc == 0, err
        results.append(_counts(out) if same == "counts" else out)
    assert all(r == results[0] for r in results)


@pytest.mark.parametrize(("argv", "same"), [*COUNT_FLAGS, (["demo", "--deals", "{}"], "")], ids=_ids)
@pytest.mark.parametrize(("text", "needle"), [("-1", "must be >= "), ("-1e3", "must be >= "), ("1.5", "not a whole number"),
                                              ("1e-3", "not a whole number"), ("ten", "invalid count"),
                                              ("", "invalid count"), ("nan", "invalid count"), ("inf", "invalid count")])
def test_count_flags_refuse_fractions_and_negatives(argv: list[str], same: str, text: str, needle: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Number syntax: a fraction or a negative count is one line naming the flag and the value, exit 2."""
    rc, out, err = run([a.replace("{}", text) for a in argv], capsys)
    flag = next(a for a, b in zip(argv, argv[1:]) if b == "{}")
    assert rc == 2 and out == ""
    assert len(err.splitlines()) == 1 and needle in err and flag in err and repr(text) in err, err


# --- F12, zero deals ----------------------------------------------------------------------


def test_f12_demo_checks_its_arguments_first(capsys) -> None:  # type: ignore[no-untyped-def]
    """F12: ``bitcards demo --deals -1`` printed the whole tour, then failed."""
    from bitcards.demo import run as demo
    from bitcards.errors import BitcardsError

    lines: list[str] = []
    with pytest.raises(BitcardsError, match="deals must be >= 0"):
        demo(lines.append, deals=-1)
    assert lines == []
    with pytest.raises(BitcardsError, match=r"deals must be <= 2\*\*63 - 1"):
        demo(lines.append, deals=2**63)
    assert lines == []


@pytest.mark.parametrize("argv", [["simulate", "skat-jacks", "--deals", "0", "--seed", "1", "--no-progress"],
                                  ["simulate", "jass-play", "--deals", "0", "--seed", "1", "--no-progress"],
                                  ["demo", "--deals", "0", "--no-progress"]], ids=lambda a: a[0])  # fmt: skip
def test_zero_deals_print_no_shares(argv: list[str], capsys) -> None:  # type: ignore[no-untyped-def]
    """Zero deals: ``simulate --deals 0`` and ``demo --deals 0`` printed ``nan`` shares; now no shares at all."""
    rc, out, err = run(argv, capsys)
    assert rc == 0, err
    assert "nan" not in out.lower() and "no deals" in out
