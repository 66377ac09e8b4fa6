"""``bitcards skat id`` and ``bitcards skat run-id``."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from bitcards.cli import main
from bitcards.deal import deal
from bitcards.skat.ids import Game, encode_deals, format_deal_ids
from tests.skat_id.test_run import README_RUN_DEC, README_RUN_ID
from tests.skat_id.test_text import README_RUN, SAMPLE_DEFAULT, SAMPLE_RUN

README_LINE = "S7S8S9SXSUSOSKSAR7R8R9RXRURORKRAG7G8G9GXGUGOGKGAE7E8E9EXEUEOEKEA"
REVERSED_LINE = "EAEKEOEUEXE9E8E7GAGK GOGUGXG9G8G7RARKRORU RXR9R8R7SASKSOSUSXS9 S8S7"


def run_cli(
    argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc = main(argv)
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_id_encode_lines_and_notation(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run_cli(["skat", "id", "encode"], f"{README_LINE}\n\n{REVERSED_LINE}\n", monkeypatch, capsys)
    assert rc == 0 and out == "AABQVVWqqvo=\nr6qqVVUF\n"
    rc, out, _ = run_cli(["skat", "id", "encode", "--decimal"], f"{README_LINE}\n{REVERSED_LINE}\n", monkeypatch, capsys)
    assert out == "88327439690490\n-88327439690491\n"
    rc, out, _ = run_cli(["skat", "id", "encode", "--json"], SAMPLE_DEFAULT, monkeypatch, capsys)
    assert json.loads(out) == {"line": 1, "id": "AABQVVWqqvo=", "decimal": 88327439690490}


def test_id_encode_file_and_bulk(tmp_path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    games = [Game.from_masks([int(m) for m in row]) for row in deal(50, "skat", seed=3)]
    f = tmp_path / "deals.txt"
    f.write_text("".join(str(g).replace("\n", " ") + "\n" for g in games))
    rc, out, _ = run_cli(["skat", "id", "encode", str(f)], "", monkeypatch, capsys)
    assert rc == 0 and out.split() == format_deal_ids(encode_deals(deal(50, "skat", seed=3)))
    rc, out, _ = run_cli(["skat", "id", "decode", "--one-line"], out, monkeypatch, capsys)
    assert out == f.read_text()


def test_id_bad_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = f"{README_LINE}\n{README_LINE[:-2]}S7\n{REVERSED_LINE}\n"
    rc, out, err = run_cli(["skat", "id", "encode"], text, monkeypatch, capsys)
    assert rc == 2 and out == "AABQVVWqqvo=\n"  # the good line before the bad one is answered (streamed)
    assert err == "bitcards: error: line 2, card 32: card S7 is already present (line 2)\n"
    rc, out, err = run_cli(["skat", "id", "encode", "--keep-going"], text, monkeypatch, capsys)
    assert rc == 2 and out == "AABQVVWqqvo=\nr6qqVVUF\n" and err.count("\n") == 1 and "line 2" in err


def test_id_decode(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run_cli(["skat", "id", "decode", "AABQVVWqqvo=", "MYKAmZXGhaQ"], "", monkeypatch, capsys)
    assert rc == 0
    readme = SAMPLE_DEFAULT.replace(" ", "").replace("--somecomment", "")
    assert out == readme + "\n" + str(Game.from_id("MYKAmZXGhaQ")) + "\n"
    rc, out, _ = run_cli(["skat", "id", "decode", "--json"], "r6qqVVUF\n", monkeypatch, capsys)
    obj = json.loads(out)
    assert obj["decimal"] == -88327439690491 and obj["skat"] == ["S7", "S8"]
    rc, out, err = run_cli(["skat", "id", "decode", "--decimal", "88327439690490"], "", monkeypatch, capsys)
    assert rc == 2 and "ambiguous" in err and "--length" in err and err.count("\n") == 1
    rc, out, err = run_cli(
        ["skat", "id", "decode", "--decimal", "--length", "6", "88327439690490", "--one-line"], "", monkeypatch, capsys
    )
    assert rc == 0
    assert out.replace(" ", "") == str(Game.from_id("UFVVqqr6")).replace("\n", "") + "\n"
    rc, out, err = run_cli(["skat", "id", "decode", "--keep-going"], "AABQVVWqqvo=\nAB-C\n0000\n", monkeypatch, capsys)
    assert rc == 2 and err.splitlines()[0].startswith("bitcards: error: line 2: ") and len(err.splitlines()) == 2
    rc, out, err = run_cli(["skat", "id", "decode", "--length", "6", "AABQVVWqqvo="], "", monkeypatch, capsys)
    assert rc == 2 and "--decimal" in err


def test_run_id(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run_cli(["skat", "run-id", "encode"], SAMPLE_RUN + "\n" + README_RUN, monkeypatch, capsys)
    assert rc == 0 and out == f"{README_RUN_ID}\n{README_RUN_ID}\n"
    rc, out, _ = run_cli(["skat", "run-id", "encode", "--decimal"], README_RUN, monkeypatch, capsys)
    assert out == f"{README_RUN_DEC}\n"
    rc, out, _ = run_cli(["skat", "run-id", "decode", README_RUN_ID], "", monkeypatch, capsys)
    assert out == "".join(line.split(" --")[0] + "\n" for line in SAMPLE_RUN.splitlines())
    rc, out2, _ = run_cli(
        ["skat", "run-id", "decode", "--order", "readme", "--decimal"], f"{README_RUN_DEC}\n", monkeypatch, capsys
    )
    assert out2 == "".join(line.split(" --")[0] + "\n" for line in README_RUN.splitlines())
    rc, out, _ = run_cli(["skat", "run-id", "decode", "--json", README_RUN_ID], "", monkeypatch, capsys)
    obj = json.loads(out)
    assert obj["bids"] == [7, 5, 4] and obj["kind"] == "clubs" and obj["tricks"][0] == ["S7", "RX", "GK"]  # hands' cards 0, 1, 2
    rc, out, _ = run_cli(["skat", "run-id", "encode", "--json"], README_RUN, monkeypatch, capsys)
    assert json.loads(out) == {"line": 1, "id": README_RUN_ID, "decimal": README_RUN_DEC}


def test_run_id_bad_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    bad = SAMPLE_RUN.replace("05 --", "99 --")
    rc, out, err = run_cli(["skat", "run-id", "encode"], bad, monkeypatch, capsys)
    assert (
        rc == 2 and out == "" and err == "bitcards: error: line 6: bid of middle 99 is not an index 0..72 into the bid values\n"
    )
    rc, out, err = run_cli(["skat", "run-id", "encode", "--keep-going"], bad + "\n" + SAMPLE_RUN, monkeypatch, capsys)
    assert rc == 2 and out == f"{README_RUN_ID}\n" and len(err.splitlines()) == 1
    rc, out, err = run_cli(
        ["skat", "run-id", "decode", "--keep-going", "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk", README_RUN_ID],
        "",
        monkeypatch,
        capsys,
    )
    assert rc == 2 and "argument 1" in err and "exactly once" in err and out.count("\n") == 19


@pytest.mark.parametrize(
    "argv,stdin",
    [
        (["skat", "id", "decode", "mykAmZXGhaQ"], ""),
        (["skat", "id", "encode"], "S7S8S9\n"),
        (["skat", "run-id", "decode", "AAAA"], ""),
        (["skat", "id", "encode", "/nonexistent/file"], ""),
    ],
)
def test_subprocess_one_line_errors(argv: list[str], stdin: str) -> None:
    p = subprocess.run([sys.executable, "-m", "bitcards", *argv], input=stdin, capture_output=True, text=True, timeout=120)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("bitcards: error: "), p.stderr


def test_id_encode_several_notation_deals(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rev = str(Game.from_id("r6qqVVUF"))
    text = f"{SAMPLE_DEFAULT}\n{rev}\n\nS7 S8 S9\nS7\n\n{rev}\n"
    rc, out, err = run_cli(["skat", "id", "encode", "--keep-going"], text, monkeypatch, capsys)
    assert rc == 2 and out == "AABQVVWqqvo=\nr6qqVVUF\nr6qqVVUF\n"
    assert err == "bitcards: error: line 12, card 1: card S7 is already present (line 11)\n"


def test_negative_decimal_argument(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run_cli(["skat", "id", "decode", "--decimal", "-88327439690491", "--json"], "", monkeypatch, capsys)
    assert rc == 0 and json.loads(out)["id"] == "r6qqVVUF"


@pytest.mark.parametrize(
    "argv,stdin,out,err",
    [
        (["skat", "id", "encode", "--keep-going"], f"{README_LINE}\nS7\xff\n", "AABQVVWqqvo=\n", "byte 0xFF at column 3"),
        (["skat", "id", "decode", "--keep-going", "--json"], "AABQVVWqqvo=\n\xff\n", '"AABQVVWqqvo="', "byte 0xFF at column 1"),
        (["skat", "run-id", "decode"], "AABQVVWqqvo=\n\xe9\n", "", "byte 0xE9 at column 1"),
    ],
)
def test_not_utf8_on_stdin(argv: list[str], stdin: str, out: str, err: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Bytes that are not UTF-8 are one error naming the line and the byte (was: a garbled card or id)."""

    # stdin as a pipe gives it: bytes under a text layer in the locale's encoding
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("latin-1")), encoding="latin-1"))
    rc = main(argv)
    cap = capsys.readouterr()
    assert rc == 2
    assert cap.err == f"bitcards: error: line 2: not UTF-8 text ({err})\n"
    assert out in cap.out


def test_file_not_utf8(tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "deals.txt"
    f.write_bytes(f"{README_LINE}\n{README_LINE}\n\xe9\n".encode("latin-1"))
    p = run_bytes(["skat", "id", "encode", str(f)], b"")
    assert p.returncode == 2 and p.stderr == b"bitcards: error: line 3: not UTF-8 text (byte 0xE9 at column 1)\n"


def test_run_id_no_check_play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The 27-byte run id of the format description (last trick 9 4 0: middle's card 4 twice) decodes in Java;
    ``--no-check-play`` reads and writes it (by default it is refused, as the play is impossible)."""
    short = "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk"
    rc, _, err = run_cli(["skat", "run-id", "decode", short], "", monkeypatch, capsys)
    assert rc == 2 and "exactly once" in err
    rc, out, _ = run_cli(["skat", "run-id", "decode", "--no-check-play", short], "", monkeypatch, capsys)
    assert rc == 0 and out.splitlines()[-1] == "940" and out.splitlines()[-2] == "890"
    rc, out2, err = run_cli(["skat", "run-id", "encode", "--no-check-play"], out, monkeypatch, capsys)
    assert rc == 0 and out2 == short + "\n", err
    rc, _, err = run_cli(["skat", "run-id", "encode"], out, monkeypatch, capsys)
    assert rc == 2 and "exactly once" in err


def test_not_utf8_inside_notation_deals_keep_going() -> None:
    """With --keep-going a bad byte skips only the deal or run holding it (also in a comment); the next one is still read."""
    deal4 = SAMPLE_DEFAULT.replace(" -- some comment", "")
    bad_cards = deal4.replace("\n", " \xe9\n", 1)
    bad_comment = deal4.replace("\n", " -- \xe9\n", 1)
    text = f"{bad_cards}\n{deal4}\n{bad_comment}\n{deal4}"
    p = run_bytes(["skat", "id", "encode", "--keep-going"], text.encode("latin-1"))
    assert p.returncode == 2 and p.stdout == b"AABQVVWqqvo=\nAABQVVWqqvo=\n", p.stderr
    errs = p.stderr.decode().splitlines()
    assert len(errs) == 2 and all("not UTF-8 text (byte 0xE9" in e for e in errs), errs
    run = SAMPLE_RUN.replace("07 --", "07 -- \xe9")
    p = run_bytes(["skat", "run-id", "encode", "--keep-going"], f"{run}\n\n{SAMPLE_RUN}\n".encode("latin-1"))
    assert p.returncode == 2 and p.stdout.decode() == f"{README_RUN_ID}\n"
    assert p.stderr.decode().startswith("bitcards: error: line 5: not UTF-8 text") and p.stderr.count(b"\n") == 1


def run_bytes(argv: list[str], stdin: bytes) -> subprocess.CompletedProcess[bytes]:
    """``main(argv)`` in this process, ``stdin`` given as raw bytes (as a pipe gives them), stdout and stderr as bytes."""
    streams = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="latin-1")
    sys.stdout, sys.stderr = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True) for _ in range(2))
    out, err = sys.stdout, sys.stderr
    try:
        rc = main(argv)
    except SystemExit as e:
        rc = int(e.code or 0)
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
    out.flush()
    err.flush()
    return subprocess.CompletedProcess(argv, rc, out.buffer.getvalue(), err.buffer.getvalue())  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", ["id", "run-id"])
@pytest.mark.parametrize("keep_going", [[], ["--keep-going"]])
def test_not_utf8_in_a_comment_alone_is_reported(command: str, keep_going: list[str]) -> None:
    """Bad bytes in a comment outside any deal or run are still an error, also with --keep-going (was: exit 0, silent)."""
    p = run_bytes(["skat", command, "encode", *keep_going], b"-- \xe9\n")
    assert p.returncode == 2 and p.stdout == b""
    assert p.stderr == b"bitcards: error: line 1: not UTF-8 text (byte 0xE9 at column 4)\n"


def test_not_utf8_comment_between_deals_keep_going() -> None:
    p = run_bytes(["skat", "id", "encode", "--keep-going"], f"{README_LINE}\n-- \xe9\n{README_LINE}\n".encode("latin-1"))
    assert p.returncode == 2 and p.stdout == b"AABQVVWqqvo=\nAABQVVWqqvo=\n"
    assert p.stderr == b"bitcards: error: line 2: not UTF-8 text (byte 0xE9 at column 4)\n"
    deal4 = SAMPLE_DEFAULT.replace(" -- some comment", "")
    p = run_bytes(["skat", "id", "encode", "--keep-going"], f"{deal4}\n-- \xe9\n\n{deal4}-- \xff\n".encode("latin-1"))
    assert p.returncode == 2 and p.stdout == b"AABQVVWqqvo=\nAABQVVWqqvo=\n"
    errs = p.stderr.decode().splitlines()
    assert [e.split(":")[2] for e in errs] == [" line 6", " line 12"], errs


# --- exact bytes of every path: deals and runs, encode and decode, with --json, --decimal, --keep-going ---------

README_IDS = {"id": "AABQVVWqqvo=", "decimal": 88327439690490}
REVERSED_IDS = {"id": "r6qqVVUF", "decimal": -88327439690491}
README_RUN_IDS = {"id": README_RUN_ID, "decimal": README_RUN_DEC}
README_STACKS = {
    "front": ["S7", "S8", "S9", "SX", "SU", "SO", "SK", "SA", "R7", "R8"],
    "middle": ["R9", "RX", "RU", "RO", "RK", "RA", "G7", "G8", "G9", "GX"],
    "rear": ["GU", "GO", "GK", "GA", "E7", "E8", "E9", "EX", "EU", "EO"],
    "skat": ["EK", "EA"],
}
REVERSED_STACKS = {
    "front": ["GK", "GA", "E7", "E8", "E9", "EX", "EU", "EO", "EK", "EA"],
    "middle": ["RU", "RO", "RK", "RA", "G7", "G8", "G9", "GX", "GU", "GO"],
    "rear": ["S9", "SX", "SU", "SO", "SK", "SA", "R7", "R8", "R9", "RX"],
    "skat": ["S7", "S8"],
}
README_DEAL_TEXT = "S7S8S9SXSUSOSKSAR7R8\nR9RXRURORKRAG7G8G9GX\nGUGOGKGAE7E8E9EXEUEO\nEKEA\n"
REVERSED_DEAL_TEXT = "GKGAE7E8E9EXEUEOEKEA\nRURORKRAG7G8G9GXGUGO\nS9SXSUSOSKSAR7R8R9RX\nS7S8\n"
SHORT_RUN_ID = "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCSk"  # the format description's example: middle plays card 4 twice
SHORT_RUN_ERROR = (
    f"run id {SHORT_RUN_ID!r}: run id is not a valid game run: middle must play each of its 10 cards exactly once,"
    " but plays index 4 more than once"
)


def jsonl(*objs: dict[str, object]) -> str:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs)


@pytest.mark.parametrize(
    "argv,out",
    [
        (["--json"], jsonl({"line": 1, **README_IDS}, {"line": 3, **REVERSED_IDS})),
        (["--decimal"], "88327439690490\n-88327439690491\n"),
    ],
)
def test_id_encode_lines_keep_going_exact(
    argv: list[str], out: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = f"{README_LINE}\n{README_LINE[:-2]}S7\n{REVERSED_LINE}\n"
    got = run_cli(["skat", "id", "encode", "--keep-going", *argv], text, monkeypatch, capsys)
    assert got == (2, out, "bitcards: error: line 2, card 32: card S7 is already present (line 2)\n")


def test_id_encode_notation_exact(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """JSON names each deal's first line; without --keep-going a bad deal stops after the ids before it (streamed)."""
    rev = str(Game.from_id("r6qqVVUF"))
    text = f"{SAMPLE_DEFAULT}\n{rev}\n\nS7 S8 S9\nS7\n\n{rev}\n"
    err = "bitcards: error: line 12, card 1: card S7 is already present (line 11)\n"
    out = jsonl({"line": 1, **README_IDS}, {"line": 6, **REVERSED_IDS}, {"line": 14, **REVERSED_IDS})
    assert run_cli(["skat", "id", "encode", "--json", "--keep-going"], text, monkeypatch, capsys) == (2, out, err)
    assert run_cli(["skat", "id", "encode"], text, monkeypatch, capsys) == (2, "AABQVVWqqvo=\nr6qqVVUF\n", err)


@pytest.mark.parametrize(
    "argv,out",
    [
        (["--json", "--keep-going"], jsonl({"line": 1, **README_RUN_IDS}, {"line": 41, **README_RUN_IDS})),
        (["--decimal", "--keep-going"], f"{README_RUN_DEC}\n{README_RUN_DEC}\n"),
        ([], f"{README_RUN_ID}\n"),  # runs are written as they are read: the good run before the bad one is out
    ],
)
def test_run_id_encode_exact(
    argv: list[str], out: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = SAMPLE_RUN.replace("05 --", "99 --")
    text = f"{SAMPLE_RUN}\n{bad}\n{README_RUN}"
    err = "bitcards: error: line 26: bid of middle 99 is not an index 0..72 into the bid values\n"
    assert run_cli(["skat", "run-id", "encode", *argv], text, monkeypatch, capsys) == (2, out, err)


def test_id_decode_keep_going_exact(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad first id leaves no blank line in front of the first deal."""
    argv = ["skat", "id", "decode", "--keep-going", "AB-C", "AABQVVWqqvo=", "r6qqVVUF"]
    err = (
        "bitcards: error: argument 1: deal id 'AB-C' is not Base64: character '-' at position 3 is not in the"
        " standard alphabet (URL-safe Base64 is not accepted)\n"
    )
    out = f"{README_DEAL_TEXT}\n{REVERSED_DEAL_TEXT}"
    assert run_cli(argv, "", monkeypatch, capsys) == (2, out, err)
    out = jsonl({**README_IDS, **README_STACKS}, {**REVERSED_IDS, **REVERSED_STACKS})
    assert run_cli([*argv, "--json"], "", monkeypatch, capsys) == (2, out, err)
    out = jsonl({"line": 2, **README_IDS, **README_STACKS}, {"line": 4, **REVERSED_IDS, **REVERSED_STACKS})
    got = run_cli([*argv[:4], "--json"], "AB-C\nAABQVVWqqvo=\n\nr6qqVVUF\n", monkeypatch, capsys)
    assert got == (2, out, err.replace("argument 1", "line 1"))
    argv = ["skat", "id", "decode", "--keep-going", "--decimal", "--one-line", "x", "-88327439690491", "88327439690490"]
    err = (
        "bitcards: error: argument 1: 'x' is not a decimal id\nbitcards: error: argument 3: decimal id 88327439690490"
        " is ambiguous: 3 deals have it (8 bytes: AABQVVWqqvo=, 7 bytes: AFBVVaqq+g==, 6 bytes: UFVVqqr6); give the"
        " byte length (length=, --length)\n"
    )
    assert run_cli(argv, "", monkeypatch, capsys) == (2, REVERSED_DEAL_TEXT.replace("\n", " ").rstrip() + "\n", err)


def test_run_id_decode_keep_going_exact(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    run = {
        **README_RUN_IDS,
        **README_STACKS,
        "bids": [7, 5, 4],
        "bid_values": [30, 24, 23],
        "skat_cards": ["R7", "R8"],
        "kind": "clubs",
        "hand": True,
        "ouvert": True,
        "hand_announced": True,
        "ouvert_announced": True,
        # the notation's trick lines are indices into front's, middle's and rear's hands: the JSON names the cards
        "tricks": [
            [README_STACKS["front"][i], README_STACKS["middle"][(i + 1) % 10], README_STACKS["rear"][(i + 2) % 10]]
            for i in range(10)
        ],
    }
    argv = ["skat", "run-id", "decode", "--keep-going", "--json", SHORT_RUN_ID, README_RUN_ID]
    assert run_cli(argv, "", monkeypatch, capsys) == (2, jsonl(run), f"bitcards: error: argument 1: {SHORT_RUN_ERROR}\n")
    # ids read from stdin: each object names its line
    got = run_cli(argv[:5], f"{SHORT_RUN_ID}\n\n{README_RUN_ID}\n", monkeypatch, capsys)
    assert got == (2, jsonl({"line": 3, **run}), f"bitcards: error: line 1: {SHORT_RUN_ERROR}\n")
    text = README_DEAL_TEXT + "07\n05\n04\nR7R8\n41111\n" + "".join(f"{i}{(i + 1) % 10}{(i + 2) % 10}\n" for i in range(10))
    argv = ["skat", "run-id", "decode", "--keep-going"]
    got = run_cli(argv, f"{SHORT_RUN_ID}\n\n{README_RUN_ID}\n", monkeypatch, capsys)
    assert got == (2, text, f"bitcards: error: line 1: {SHORT_RUN_ERROR}\n")
    err = "bitcards: error: --length is only for decimal ids (--decimal)\n"
    assert run_cli(["skat", "run-id", "decode", "--length", "6", README_RUN_ID], "", monkeypatch, capsys) == (2, "", err)
