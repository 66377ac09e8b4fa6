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
