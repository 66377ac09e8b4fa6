"""The command frame: help, version, deal, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

from bitcards.cli import main
from bitcards.deal import deal


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ei:
        main(["--version"])
    assert ei.value.code == 0 and capsys.readouterr().out.startswith("bitcards ")
    with pytest.raises(SystemExit) as ei:
        main(["--help"])
    out = capsys.readouterr().out
    assert ei.value.code == 0 and "deal" in out


def test_deal_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "skat", "-n", "2", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(len(line.split(" | ")) == 4 for line in lines)
    assert main(["deal", "cribbage", "-n", "1", "--seed", "4", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["seed"] == 4 and len(obj["p1"]) == 6 and len(obj["starter"]) == 1


def test_deal_out_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    npy = tmp_path / "d.npy"
    assert main(["deal", "jass", "-n", "5", "--seed", "8", "--out", str(npy)]) == 0
    assert (np.load(npy) == deal(5, "jass", 8)).all()
    txt = tmp_path / "d.txt"
    assert main(["deal", "euchre", "-n", "3", "--seed", "8", "--out", str(txt)]) == 0
    assert len(txt.read_text().splitlines()) == 3


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["deal", "poker"], "invalid choice"),
        (["deal", "skat", "-n", "-3"], "argument -n: must be >= 0"),
        (["deal", "skat", "-n", "x"], "invalid count 'x'"),
        (["deal", "skat", "--out", "/nonexistent/dir/x.txt"], "cannot write"),
        (["nosuch"], "invalid choice"),
    ],
)
def test_user_errors_one_line_exit_2(argv: list[str], needle: str) -> None:
    r = subprocess.run([sys.executable, "-m", "bitcards", *argv], capture_output=True, text=True)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], r.stderr
    assert "Traceback" not in r.stderr


def test_common_input_helpers(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bitcards.cli._common import UserError, input_lines, open_input, utf8_error

    p = tmp_path / "bom.txt"
    p.write_bytes("\ufeffJC JS\r\nAH\n".encode())
    assert list(input_lines(str(p))) == [(1, "JC JS"), (2, "AH")]
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xff\xfe\n")
    lines = list(input_lines(str(bad)))  # a byte that is not UTF-8 stays in its line, to be named with it
    assert lines[0] == (1, "ok") and str(utf8_error(lines[1][1], 2)) == "line 2: not UTF-8 text (byte 0xFF at column 1)"
    with pytest.raises(UserError, match="cannot read"):
        open_input(str(tmp_path))  # a directory


def test_deal_too_many_is_a_clear_error() -> None:
    from bitcards.errors import MemoryLimitError

    with pytest.raises(MemoryLimitError, match="in chunks"):
        deal(10**18, "skat", seed=1)
