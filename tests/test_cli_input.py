"""The CLI's line input: one chunked reader for every command (bounded memory, a line-length limit,
bytes that are not UTF-8 named by line and column), bulk parsing that answers exactly as the per-line
parsers do, and one rule for empty input (hostile-input report F7, F8, F15)."""

from __future__ import annotations

import io
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import bitcards.cli._bulk as bulk
import bitcards.textio as textio
from bitcards.batch import masks_to_indices
from bitcards.cli import main
from bitcards.deal import deal
from bitcards.layouts import FRENCH, SKAT
from bitcards.skat.ids import encode_deals, format_deal_ids
from tests.skat_id.test_text import SAMPLE_RUN


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: bytes | None = None):  # type: ignore[no-untyped-def]
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


# --- the reader -----------------------------------------------------------------------------------


@pytest.mark.parametrize("block", [1, 2, 3, 7, 64, None])
def test_chunks_are_the_lines(block: int | None) -> None:
    """Any block size gives the same lines: a byte-order mark dropped, CRLF read as LF, a last line without
    a line break kept, bytes that are not UTF-8 kept in their line."""
    data = b"\xef\xbb\xbfJC JS\r\n\nAH \xff x\n\r\nlast"
    chunks = list(textio.read_chunks(io.BytesIO(data), block=block))
    lines = [(n, t) for c in chunks for n, t in enumerate(c.texts(), start=c.first)]
    assert lines == [(1, "JC JS"), (2, ""), (3, "AH \udcff x"), (4, ""), (5, "last")]
    assert [c.text(i) for c in chunks for i in range(len(c))] == [t for _, t in lines]
    assert str(textio.utf8_error(lines[2][1], 3)) == "line 3: not UTF-8 text (byte 0xFF at column 4)"


def test_text_streams_read_the_same() -> None:
    assert list(textio.numbered(io.StringIO("\ufeffa\r\nb"))) == [(1, "a"), (2, "b")]


@pytest.mark.parametrize("block", [5, 1000, None])
def test_a_line_over_the_limit_is_an_error_naming_it(block: int | None) -> None:
    ok = b"JC\n" * 3
    for data in (ok + b"x" * (textio.MAX_LINE + 1) + b"\nJS\n", ok + b"x" * (textio.MAX_LINE + 1)):
        with pytest.raises(ValueError, match=r"^line 4 is longer than 65,536 bytes"):
            list(textio.read_chunks(io.BytesIO(data), block=block))
    assert len(list(textio.numbered(io.BytesIO(b"x" * textio.MAX_LINE + b"\r\n")))) == 1  # the limit itself is read


LONG = b"JC JS\n" + b"A" * 100_000 + b"\nJD\n"


@pytest.mark.parametrize(
    "argv",
    [["skat", "bid", "--file"], ["skat", "bid"], ["cribbage", "score"], ["euchre", "sort"], ["jass", "check"],
     ["skat", "id", "encode"], ["skat", "run-id", "encode"], ["skat", "id", "decode"], ["skat", "run-id", "decode"]],
)  # fmt: skip
def test_f8_every_line_reader_refuses_a_line_over_64_kib(argv, tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """F8: a 10 MB line took 1.27 GB and 12 s; now the line is named as soon as 64 KiB of it are read."""
    p = tmp_path / "long.txt"
    p.write_bytes(LONG)
    if argv[-1] == "decode":
        rc, out, err = run([*argv, "--keep-going"], capsys, monkeypatch, stdin=LONG)
    else:
        rc, out, err = run([*argv, str(p), "--keep-going"], capsys, monkeypatch)
    assert rc == 2 and err.endswith("bitcards: error: line 2 is longer than 65,536 bytes, the longest line read"
                                     " (is this a text file with line breaks?)\n"), err  # fmt: skip
    assert err.count("\n") <= 2  # line 1's own complaint (not a whole hand), if any, and the limit


def _limited(limit: int = 1 << 30):  # type: ignore[no-untyped-def]
    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return set_limit


@pytest.mark.parametrize("argv", [["cribbage", "score"], ["skat", "bid", "--file"], ["euchre", "sort"], ["skat", "id", "encode"]])
def test_f8_dev_zero_stops_at_once(argv: list[str]) -> None:
    """F8: ``bitcards cribbage score /dev/zero`` grew ~450 MB/s until memory ran out (here: a MemoryError
    traceback under a 1 GiB address-space limit); now one line naming line 1, exit 2."""
    p = subprocess.run(
        [sys.executable, "-m", "bitcards", *argv, "/dev/zero"], preexec_fn=_limited(), capture_output=True, text=True, timeout=120
    )
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith("bitcards: error: line 1 is longer than 65,536 bytes") and p.stderr.count("\n") == 1


# --- F7: streaming ---------------------------------------------------------------------------------

#: the peak resident memory of the process (VmHWM: ru_maxrss would start from pytest's own size, kept across exec)
_RSS = (
    "import re, sys; from bitcards.cli import main; rc = main(sys.argv[1:]); "
    "peak = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1); "
    "sys.stderr.write('peak ' + peak); sys.exit(rc)"
)


def _peak_kib(argv: list[str]) -> int:
    argv = [sys.executable, "-c", _RSS, *argv]
    p = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-500:]
    return int(p.stderr.rsplit("peak ", 1)[1])


def _deal_lines(n: int) -> list[str]:
    d = deal(n, "skat", seed=7)
    names = np.array(["SRGE"[c // 8] + "789XUOKA"[c % 8] for c in range(32)])
    cards = np.concatenate([masks_to_indices(d[:, j], k) for j, k in enumerate((10, 10, 10, 2))], axis=1)
    return ["".join(r) for r in names[cards].tolist()]


@pytest.mark.slow
@pytest.mark.parametrize("what", ["deal lines", "deals in four lines", "runs"])
def test_f7_encode_streams(what: str, tmp_path: Path) -> None:
    """F7: ``skat id encode`` / ``run-id encode`` read every line first (997 MB for 1 M deals); now the
    peak memory does not grow with the input (the reading holds a block of lines, not the input: four
    times the input, the same peak; before, 64 MB more for deal lines, 30 MB for runs)."""
    lines = _deal_lines(100_000)
    if what == "deal lines":
        items, n = [l + "\n" for l in lines], 100_000
    elif what == "deals in four lines":
        items, n = [f"{l[:20]}\n{l[20:40]}\n{l[40:60]}\n{l[60:]}\n\n" for l in lines], 40_000
    else:
        items, n = [SAMPLE_RUN + "\n"] * 8_000, 8_000
    cmd = "run-id" if what == "runs" else "id"
    small, big = tmp_path / "small.txt", tmp_path / "big.txt"
    small.write_text("".join(items[: n // 4]))
    big.write_text("".join(items[:n]))
    grown = _peak_kib(["skat", cmd, "encode", str(big)]) - _peak_kib(["skat", cmd, "encode", str(small)])
    assert grown < 12_000, f"{grown:,} KiB more for {n:,} items than for {n // 4:,}"


# --- the empty-input rule ----------------------------------------------------------------------------

BULK_COMMANDS = [
    ["skat", "bid"],
    ["cribbage", "score"],
    ["euchre", "sort"],
    ["jass", "check"],
    ["skat", "id", "encode"],
    ["skat", "run-id", "encode"],
]
DECODERS = [["skat", "id", "decode"], ["skat", "run-id", "decode"]]


@pytest.mark.parametrize("argv", BULK_COMMANDS + DECODERS)
@pytest.mark.parametrize("text", [b"", b"\n\n"])
def test_empty_input_gives_empty_output(argv, text, tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """An empty file or stdin is empty output and exit 0 for every bulk command (skat bid, jass check and
    euchre sort said 'no hand' with exit 2, the others nothing with exit 0)."""
    assert run(argv, capsys, monkeypatch, stdin=text) == (0, "", "")
    if argv not in DECODERS:
        p = tmp_path / "empty.txt"
        p.write_bytes(text)
        assert run([*argv, str(p)], capsys, monkeypatch) == (0, "", "")


# --- F15: bulk parsing answers as the per-line parsers do -----------------------------------------------


def _hands(n: int, game: str, sizes: tuple[int, ...], layout) -> list[list[str]]:  # type: ignore[no-untyped-def]
    d = deal(n, game, seed=11)
    names = np.array([layout.card_name(b) for b in range(layout.n_cards)], dtype=object)
    cards = np.concatenate([masks_to_indices(d[:, j], k) for j, k in enumerate(sizes)], axis=1)
    rng = np.random.default_rng(5)
    rows = names[cards]
    for r in rows:
        rng.shuffle(r[: sizes[0]])
    return rows.tolist()


def _mix(good: list[str], odd: list[str], rng: np.random.Generator) -> bytes:
    lines = list(good)
    for t in odd:
        lines.insert(int(rng.integers(0, len(lines) + 1)), t)
    return ("\r\n".join(lines[:3]) + "\n" + "\n".join(lines[3:]) + "\n").encode("utf-8", "surrogateescape")


def _skat_bid_input() -> bytes:
    rng = np.random.default_rng(1)
    hands = _hands(400, "skat", (10,), SKAT)
    good = [(" ", "\t", ",")[i % 3].join(h[:10]) for i, h in enumerate(hands)]
    odd = [
        "JC JS JD AC KC 9C AS 7H QD 8X", "JC  JS JD AC KC 9C AS 7H QD 8D", " JC JS JD AC KC 9C AS 7H QD 8D",
        "JC JS JD AC KC 9C AS 7H QD", "JC JS JD AC KC 9C AS 7H QD QD", "SA SK SQ SJ S9 S8 HA HK HQ HJ",
        "EA EK EO EU E9 E8 GA GK GO GU", "jc js jd ac kc 9c as 7h qd 8d", "JС JS JD AC KC 9C AS 7H QD 8D",
        "JC JS JD AC KC 9C AS 7H QD 10D", "JC JS JD AC KC 9C AS 7H QD 8\udcffD", "# a comment", "", "   ",
        "JC JS JD AC KC 9C AS 7H QD 8D JH", "JC;JS;JD;AC;KC;9C;AS;7H;QD;8D", "ＪC JS JD AC KC 9C AS 7H QD 8D",
    ]  # fmt: skip
    return _mix(good, odd, rng)


def _cribbage_input(end: bool) -> bytes:
    rng = np.random.default_rng(2)
    hands = _hands(400, "cribbage", (6, 6, 1), FRENCH)
    good = [(" ", "\t")[i % 2].join([*h[:4], h[12]]) for i, h in enumerate(hands)]
    odd = ["5H 5D 5C 5S 5H", "5H 5D 5C 5S", "10H 5D 5C 5S JD", "5H 5D 5C 5S XD", "", "5Н 5D 5C 5S JD", "5H\t\t5D 5C 5S JD"]
    return _mix(good, odd + (["0 0 0 0 0"] if end else []), rng)


def _deal_line_input() -> bytes:
    rng = np.random.default_rng(3)
    lines = _deal_lines(400)
    good = [l if i % 3 else l[:20] + " " + l[20:40] + "\t" + l[40:60] + " " + l[60:] for i, l in enumerate(lines)]
    good = [l.lower() if i % 7 == 0 else l for i, l in enumerate(good)]
    odd = [lines[0][:-2] + "S7", lines[0][:-2] + "QQ", lines[0][:-2], "-- comment", "", lines[1] + " -- c",
           lines[2][:20] + "  " + lines[2][20:], lines[3][:-1] + "\udcff", lines[4][:-2] + "ЕA"]  # fmt: skip
    return _mix(good, odd, rng)


def _deal_id_input() -> bytes:
    rng = np.random.default_rng(4)
    d = deal(400, "skat", seed=3)
    good = format_deal_ids(encode_deals(d))
    odd = ["AAAA", " " + good[0], good[1] + " ", "", "r6qq VVUF", "r6qqVVUF=", "0000", "\udcff", "r6qqVVUF\udcff", "ÄBC"]
    return _mix(good, odd, rng)


def _run_id_input() -> bytes:
    from bitcards.skat.ids import encode_runs, format_run_ids
    from tests.skat_id.test_runs import random_run_arrays

    rng = np.random.default_rng(6)
    good = format_run_ids(encode_runs(random_run_arrays(300, 6)))
    odd = ["AABQVVWqqvo=", "AAAA", " " + good[0], "", good[1][:-4], good[2] + "\udcff"]
    odd.append("AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA==")  # the README's run
    return _mix(good, odd, rng)


CASES = {
    "skat bid": (["skat", "bid"], _skat_bid_input),
    "cribbage score": (["cribbage", "score"], lambda: _cribbage_input(False)),
    "cribbage score, end line": (["cribbage", "score"], lambda: _cribbage_input(True)),
    "cribbage score --crib": (["cribbage", "score", "--crib"], lambda: _cribbage_input(False)),
    "skat id encode": (["skat", "id", "encode"], _deal_line_input),
    "skat id encode --decimal": (["skat", "id", "encode", "--decimal"], _deal_line_input),
    "skat id decode": (["skat", "id", "decode"], _deal_id_input),
    "skat id decode --one-line": (["skat", "id", "decode", "--one-line"], _deal_id_input),
    "skat run-id decode": (["skat", "run-id", "decode"], _run_id_input),
    "skat run-id decode --order readme": (["skat", "run-id", "decode", "--order", "readme"], _run_id_input),
    "skat run-id decode --no-check-play": (["skat", "run-id", "decode", "--no-check-play"], _run_id_input),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("flags", [[], ["--keep-going"], ["--json", "--keep-going"]])
def test_f15_bulk_answers_as_the_per_line_parser(case, flags, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Output, errors and exit code of the bulk path equal the per-line path's, line for line, on input
    that mixes the common layout with every odd and bad kind of line, for chunks of any size."""
    argv, make = CASES[case]
    data = make()
    monkeypatch.setattr(bulk, "BULK", False)
    want = run([*argv, *flags], capsys, monkeypatch, stdin=data)
    monkeypatch.setattr(bulk, "BULK", True)
    assert want[1], "the per-line path answers something"
    assert run([*argv, *flags], capsys, monkeypatch, stdin=data) == want
    monkeypatch.setattr(textio, "BLOCK", 100)
    assert run([*argv, *flags], capsys, monkeypatch, stdin=data) == want


def test_f15_bulk_path_reads_the_common_layout() -> None:
    """The fast parsers do read the common layouts (else the comparison above would compare slow with slow)."""
    for argv, make in CASES.values():
        if argv[-1] not in ("bid", "score", "encode", "decode"):
            continue
        data = make()
        ch = next(textio.read_chunks(io.BytesIO(data)))
        from bitcards.cli import cribbage, skat_id, skat_value

        fast = {"bid": skat_value._bid_fast, "score": cribbage._score_fast, "encode": skat_id._deal_fast}.get(argv[-1])
        if fast is None:
            fast = skat_id._deal_ids_fast if argv[1] == "id" else skat_id._run_ids_fast(True)
        rows, _ = fast(ch)
        assert len(rows) >= 290, argv


def test_f15_runs_in_bulk_are_written_as_format_game_run() -> None:
    """The bulk run writer (fixed-width byte rows) gives format_game_run's text, in both orders."""
    from bitcards.cli.skat_id import _runs_out
    from bitcards.skat.ids import decode_run, encode_runs, format_game_run, run_ids_to_ints
    from tests.skat_id.test_runs import random_run_arrays

    words = encode_runs(random_run_arrays(300, 8))
    for order in ("reader", "readme"):
        want = "".join("\n" + format_game_run(decode_run(x), order=order) for x in run_ids_to_ints(words))  # type: ignore[arg-type]
        assert _runs_out(words, order).tobytes().decode() == want


def test_f15_card_table_agrees_with_the_notation() -> None:
    """Every token the bulk table reads is read the same by parse_cards in a line of any other cards."""
    from bitcards.notation import parse_cards

    table = bulk.card_table(SKAT, "auto")
    codes = np.flatnonzero(table >= 0)
    assert len(codes) > 32
    for c in codes.tolist():
        tok = chr(c >> 8) + chr(c & 0xFF)
        for other in ("SA", "EU", "JC"):  # an ambiguous token, a German one, an English one
            bits = parse_cards(f"{other} {tok}", SKAT)
            assert bits[1] == table[c], (tok, other)
