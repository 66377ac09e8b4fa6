"""``bitcards jass check`` and ``bitcards jass play``: output lines, JSON, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bitcards.cli import main
from tests.jass.seed import ALL, FALSY_2, TRUTHY, TRUTHY_1, TRUTHY_2

EXPECTED = [
    "true",
    "false trick 5, column 3: played h8; allowed: dJ cA",  # the pinned seed contradiction (see test_seed)
    "true",
    "true",
    "false trick 3, column 2: played dK; allowed: dJ s6 s7 s8 sT",
    "false trick 7, column 4: played s9; allowed: cT",
]


def run(argv: list[str], capsys, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    if stdin is not None:
        import io

        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        rc = main(argv)
    except SystemExit as e:  # argparse's own errors (a negative -n, ...)
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


def write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "records.txt"
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_check_the_six_seed_examples(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(["jass", "check", write(tmp_path, "\n\n".join(ALL) + "\n")], capsys)
    assert rc == 1 and err == ""
    lines = out.splitlines()
    assert len(lines) == 6
    assert lines[0] == "true" and lines[2] == lines[3] == "true"
    assert lines[1].startswith("false trick 5, column 3: played h8; allowed: ")
    assert set(lines[1].split("allowed: ")[1].split()) == {"dJ", "cA"}
    assert lines[5] == "false trick 7, column 4: played s9; allowed: cT"
    assert lines == EXPECTED


# Undenufe (the 6 counts 11, the ace 0): a record given in the issue that reported the old table
UNDENUFE_RECORD = (
    "u\nc7 cK c6 cJ\nsA cT s7 sJ\nsQ dT s9 s6\nhJ h6 hQ hT\nc9 h7 dA h8\ndJ h9 cA hA\ncQ hK s8 sK\ndK dQ d6 d9\nc8 d8 sT d7\n"
)


def test_undenufe_points_on_the_command_line(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(["jass", "check", "--json"], capsys, stdin=UNDENUFE_RECORD, monkeypatch=monkeypatch)
    assert err == ""
    (row,) = [json.loads(line) for line in out.splitlines()]
    assert row["contract"] == "u" and row["points"] == [78, 79]
    assert rc == (0 if row["legal"] else 1)


def test_exit_0_when_all_legal(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    legal = [t for t in TRUTHY if t is not TRUTHY_2]
    rc, out, _ = run(["jass", "check", write(tmp_path, "\n\n".join(legal))], capsys)
    assert rc == 0 and out.splitlines() == ["true"] * 3


def test_game_option_and_stdin(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    body = "\n".join(FALSY_2.splitlines()[1:])
    rc, out, _ = run(["jass", "check", "--game", "u"], capsys, stdin=body, monkeypatch=monkeypatch)
    assert rc == 1 and out == EXPECTED[5] + "\n"
    rc, out, err = run(["jass", "check"], capsys, stdin=body, monkeypatch=monkeypatch)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "no contract" in err


def test_json(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(["jass", "check", "--json", write(tmp_path, TRUTHY_1 + "\n\n" + TRUTHY_2)], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert rc == 1 and [r["legal"] for r in rows] == [True, False]
    assert rows[1]["trick"] == 5 and rows[1]["column"] == 3 and rows[1]["card"] == "h8"
    assert [r["line"] for r in rows] == [1, 12] and rows[0]["winners"][:2] == [1, 3] and sum(rows[0]["points"]) == 157


def test_malformed_record_exit_2_one_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    broken = TRUTHY_1.replace("hQ\n", "hQ d6\n", 1)
    rc, out, err = run(["jass", "check", write(tmp_path, TRUTHY_1 + "\n\n" + broken + "\n\n" + TRUTHY_1)], capsys)
    assert rc == 2 and out == "true\n"
    assert err.count("\n") == 1 and "record 2 (line 12)" in err and "line 13" in err


def test_keep_going(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    broken = TRUTHY_1.replace("s7", "s6")
    text = "\n\n".join([TRUTHY_1, broken, FALSY_2, "h\nd6 d7 d8"])
    rc, out, err = run(["jass", "check", "--keep-going", write(tmp_path, text)], capsys)
    assert rc == 2
    assert out.splitlines() == ["true", EXPECTED[5]]
    errs = err.splitlines()
    assert len(errs) == 2 and "record 2" in errs[0] and "played twice" in errs[0] and "record 4" in errs[1]


def test_empty_input_and_bad_game(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(["jass", "check", write(tmp_path, "\n\n")], capsys)  # no record: no output (every bulk command)
    assert (rc, out, err) == (0, "", "")
    rc, _, err = run(["jass", "check", "--game", "z", write(tmp_path, TRUTHY_1)], capsys)
    assert rc == 2 and "unknown contract 'z'" in err
    rc, _, err = run(["jass", "check", str(tmp_path / "missing.txt")], capsys)
    assert rc == 2 and "cannot read" in err


@pytest.mark.parametrize("game", [None, "c", "u"])
def test_play_reads_back_as_true(tmp_path, capsys, game) -> None:  # type: ignore[no-untyped-def]
    argv = ["jass", "play", "-n", "20", "--seed", "5"] + (["--game", game] if game else [])
    rc, out, _ = run(argv, capsys)
    assert rc == 0
    blocks = out.strip().split("\n\n")
    assert len(blocks) == 20 and all(len(b.splitlines()) == 10 for b in blocks)
    if game:
        assert {b.splitlines()[0] for b in blocks} == {game}
    rc, out2, _ = run(["jass", "check", write(tmp_path, out)], capsys)
    assert rc == 0 and out2.splitlines() == ["true"] * 20
    # the same seed gives the same games; --start continues the stream
    assert run(argv, capsys)[1] == out
    rc, tail, _ = run(argv[:2] + ["-n", "5", "--seed", "5", "--start", "15"] + argv[6:], capsys)
    assert tail.strip().split("\n\n") == blocks[15:]


def test_play_plain_and_json(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(["jass", "play", "--seed", "1", "--game", "o", "--plain"], capsys)
    assert "(" not in out and len(out.splitlines()) == 10
    rc, out, _ = run(["jass", "play", "--seed", "1", "--game", "o", "--json", "-n", "2"], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["row"] for r in rows] == [0, 1] and rows[0]["contract"] == "o" and len(rows[0]["record"]) == 9
    assert all(len(r) == 4 for r in rows[0]["record"]) and sum(rows[0]["points"]) == 157
    rc, _, err = run(["jass", "play", "--seed", "1", "-n", "-3"], capsys)
    assert rc == 2 and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["jass", "check"], "h\nh9 s6 h7\n"),
        (["jass", "check", "--game", "h"], TRUTHY_1.replace("s7", "s77")),
        (["jass", "play", "--game", "z"], ""),  # (no --seed is fine: a fresh one is printed)
    ],
)
def test_subprocess_errors_are_one_line(args: list[str], stdin: str) -> None:
    p = subprocess.run([sys.executable, "-m", "bitcards", *args], input=stdin, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert len(p.stderr.splitlines()) == 1 and "Traceback" not in p.stderr


def test_subprocess_round_trip() -> None:
    play = subprocess.run(
        [sys.executable, "-m", "bitcards", "jass", "play", "--seed", "9", "-n", "3"], capture_output=True, text=True, timeout=120
    )
    chk = subprocess.run(
        [sys.executable, "-m", "bitcards", "jass", "check"], input=play.stdout, capture_output=True, text=True, timeout=120
    )
    assert play.returncode == 0 and chk.returncode == 0 and chk.stdout == "true\ntrue\ntrue\n"


def test_byte_order_mark_and_binary_input(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "bom.txt"
    p.write_text("\ufeff" + TRUTHY_1, encoding="utf-8")
    rc, out, _ = run(["jass", "check", str(p)], capsys)
    assert rc == 0 and out == "true\n"
    p.write_bytes(TRUTHY_1.encode() + b"\n\n\xff\xfe\x00garbage\n")
    rc, out, err = run(["jass", "check", str(p)], capsys)
    assert rc == 2 and err.count("\n") == 1 and "not UTF-8" in err


def test_stdin_is_utf8_whatever_the_locale() -> None:
    # under the C locale stdin used to be decoded as ASCII: the byte-order mark and the suit symbols
    # became undecodable tokens ("'\udcef\udcbb\udcbfh' is neither a contract ...")
    text = "\ufeff" + TRUTHY_1.replace("h", "♥")
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    p = subprocess.run(
        [sys.executable, "-m", "bitcards", "jass", "check"], input=text.encode("utf-8"), capture_output=True, env=env, timeout=120
    )
    assert p.stderr == b"" and p.returncode == 0 and p.stdout == b"true\n"


def test_bad_bytes_are_reported_on_their_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    # every record is still answered with --keep-going; the message names the line and the byte
    p = tmp_path / "bytes.txt"
    bad = TRUTHY_1.encode().replace(b"s7", b"s\xff", 1)
    p.write_bytes(TRUTHY_1.encode() + b"\n\n" + bad + b"\n\n" + FALSY_2.encode() + b"\n")
    rc, out, err = run(["jass", "check", str(p)], capsys)
    assert rc == 2 and out == "true\n"
    assert err == "bitcards: error: record 2 (line 12): line 14: not UTF-8 text (byte 0xFF at column 6)\n"
    rc, out, err = run(["jass", "check", "--keep-going", str(p)], capsys)
    assert rc == 2 and out.splitlines() == ["true", EXPECTED[5]] and err.count("\n") == 1 and "line 14" in err


@pytest.mark.parametrize("extra", [[], ["--game", "s"], ["--json"], ["--plain"]])
def test_play_in_batches_gives_the_same_games(capsys, monkeypatch, extra) -> None:  # type: ignore[no-untyped-def]
    import bitcards.cli.jass as cli_jass

    argv = ["jass", "play", "-n", "7", "--seed", "11", "--start", "2", *extra]
    rc, whole, _ = run(argv, capsys)
    monkeypatch.setattr(cli_jass, "_PLAY_CHUNK", 3)
    rc2, batched, _ = run(argv, capsys)
    assert rc == rc2 == 0 and batched == whole
    assert len(whole.strip().split("\n\n" if "--json" not in extra else "\n")) == 7


@pytest.mark.jit  # the first batch takes ~10 s as plain Python
def test_play_streams_any_n() -> None:
    # -n 10**11 used to allocate every game up front: a MemoryError traceback. Now games stream out in
    # batches; we read the first two and close the pipe (as `| head` does): a quiet stop with exit code
    # 141, as Unix tools killed by SIGPIPE do.
    p = subprocess.Popen(
        [sys.executable, "-m", "bitcards", "jass", "play", "--seed", "1", "-n", str(10**11)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert p.stdout is not None and p.stderr is not None
    head = [p.stdout.readline() for _ in range(21)]
    p.stdout.close()
    err = p.stderr.read()
    rc = p.wait(timeout=120)
    assert head[10] == "\n" and len(head[11].strip()) == 1  # game 2's contract line
    assert err == "" and rc == 141


def test_play_start_out_of_range_is_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    for start in ("-1", str(2**63), str(10**30)):
        rc, out, err = run(["jass", "play", "--seed", "1", "--start", start], capsys)
        assert rc == 2 and out == "" and err.count("\n") == 1 and "start" in err
