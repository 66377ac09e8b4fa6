"""Every parser and codec under arbitrary input: a result or a documented error, never anything else.

See :mod:`tests.fuzz` for how the inputs are made. Each parser has a fast test here and a ``slow``
twin (``*_slow``) that checks at least 100,000 inputs. Round trips of the codecs are separate
Hypothesis tests at the end. An input that breaks a parser is kept as an explicit example at the end
(none has so far: the parsers were hardened against hostile input before these tests).
"""

from __future__ import annotations

import base64
import contextlib
import io
import sys
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.cli import main
from bitcards.errors import BitcardsError, CodecError
from bitcards.jass import check, format_record, parse_record, parse_records, random_contracts, random_games
from bitcards.layouts import get_layout
from bitcards.notation import format_cards, parse_card, parse_cards, parse_mask
from bitcards.skat import ids
from tests.fuzz import COMMON_VOCAB, Source, batch_of, survives, twins

GAMES = ("skat", "jass", "euchre", "cribbage")
#: the card styles each deck can be written in (German names exist only for the Skat ranks)
STYLES = {
    "skat": ("english", "zero", "suitfirst", "german", "unicode", "euchre"),
    "jass": ("english", "zero", "suitfirst", "unicode", "euchre"),
    "euchre": ("english", "zero", "suitfirst", "unicode", "euchre"),
    "cribbage": ("english", "zero", "suitfirst", "unicode", "euchre"),
}
_N_CARDS = {g: get_layout(g).n_cards for g in GAMES}
#: valid documents per parser, made once, that the fuzzer edits
POOL = 64


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


# --- card notation, per game ------------------------------------------------------------------
def _card_list(game: str, seed: int) -> str:
    rng = _rng(seed)
    n = _N_CARDS[game]
    bits = rng.permutation(n)[: rng.integers(1, 13)].tolist()
    style = STYLES[game][rng.integers(len(STYLES[game]))]
    return format_cards(bits, game, style, sep=[" ", ", ", "\t", "\n"][rng.integers(4)])


@cache
def _card_lists(game: str) -> list[str]:
    return [_card_list(game, s) for s in range(POOL)]


def _notation_check(game: str):  # type: ignore[no-untyped-def]
    def parse(text: str) -> object:
        survives(lambda t: parse_card(t, game), text)
        return parse_mask(text, game, ("auto", "english", "german")[len(text) % 3])  # type: ignore[arg-type]

    return batch_of(parse, COMMON_VOCAB, valid=lambda: _card_lists(game), max_pieces=30)


test_card_notation_skat, test_card_notation_skat_slow = twins(_notation_check("skat"))
test_card_notation_jass, test_card_notation_jass_slow = twins(_notation_check("jass"))
test_card_notation_euchre, test_card_notation_euchre_slow = twins(_notation_check("euchre"))
test_card_notation_cribbage, test_card_notation_cribbage_slow = twins(_notation_check("cribbage"))


# --- skat: deal lines (one deal of 32 cards a line), the game and game-run notation ------------
SKAT_VOCAB = [s + v for s in "SRGEsrge" for v in "789XUOKAxuoka"] + [
    "--", "-- front", " ", " ", "\n", "\n", "0", "1", "00", "07", "41111", "50000", "012", "123", "999", "72", "73", "-1",
]  # fmt: skip


def _game(seed: int) -> ids.Game:
    perm = _rng(seed).permutation(32).tolist()
    return ids.Game(tuple(perm[:10]), tuple(perm[10:20]), tuple(perm[20:30]), tuple(perm[30:]))


def _deal_line(seed: int) -> str:
    g = _game(seed)
    if seed % 3 == 0:  # the four-line notation, sometimes with comments
        return ids.format_game(g, sep=" " * (seed % 2), comments=seed % 5 == 0)
    return " ".join(ids.format_game(g).split())  # one deal a line


def _run(seed: int) -> ids.GameRun:
    rng = _rng(seed)
    tricks: tuple[tuple[int, int, int], ...] = ()
    if seed % 4:
        cols = [rng.permutation(10).tolist() for _ in range(3)]
        tricks = tuple((cols[0][t], cols[1][t], cols[2][t]) for t in range(10))
    flags = [bool(x) for x in rng.integers(0, 2, 4)]
    return ids.GameRun(
        _game(seed),
        tuple(int(x) for x in rng.integers(0, 73, 3)),  # type: ignore[arg-type]
        (int(rng.integers(32)), int(rng.integers(32))),
        int(rng.integers(6)),
        *flags,
        tricks,  # type: ignore[arg-type]
    )


def _run_text(seed: int) -> str:
    order = ("reader", "readme")[seed % 2]
    return ids.format_game_run(_run(seed), order=order, sep=" " * (seed % 3 == 0), comments=seed % 5 == 0)


@cache
def _deal_lines() -> list[str]:
    return [_deal_line(s) for s in range(POOL)]


@cache
def _run_texts() -> list[str]:
    return [_run_text(s) for s in range(POOL)]


test_skat_deal_lines, test_skat_deal_lines_slow = twins(batch_of(ids.parse_game, SKAT_VOCAB, valid=_deal_lines, max_pieces=50))
test_skat_game_run_notation, test_skat_game_run_notation_slow = twins(
    batch_of(lambda t: ids.parse_game_run(t, check_play=len(t) % 2 == 0), SKAT_VOCAB, valid=_run_texts, max_pieces=80)
)


def _runs_check(src: Source, text: str, n: int) -> int:
    """Several runs one after the other: one to three documents, each edited, joined (an input is one such text)."""
    survives(ids.parse_game_runs, text)
    for _ in range(n - 1):
        docs = [src.input(SKAT_VOCAB, _run_texts(), 60) for _ in range(1 + src.below(3))]
        survives(ids.parse_game_runs, "\n".join(docs))
    return n


test_skat_game_runs_notation, test_skat_game_runs_notation_slow = twins(_runs_check)


# --- skat: game ids and run ids, Base64 and decimal ----------------------------------------------
B64_VOCAB = list(ids.ALPHABET) + ["=", "==", "-", "_", " ", "\n", "AA", "AAAA", "A=", "////", "++++"]


@cache
def _deal_ids() -> list[str]:
    return [_game(s).base64() for s in range(POOL)]


@cache
def _run_ids() -> list[str]:
    return [ids.format_run_id(_run(s)) for s in range(POOL)]


@cache
def _deal_ints() -> list[int]:
    return [ids.encode_deal(_game(s).masks()) for s in range(POOL)]


@cache
def _run_ints() -> list[int]:
    return [ids.encode_run(_run(s)) for s in range(POOL)]


def _id_text(src: Source, valid: list[str]) -> str:
    """An id as text: arbitrary Base64 of arbitrary bytes, a valid id edited, or random characters."""
    k = src.below(3)
    if k == 0:
        raw = src.chunk(src.below(34))
        text = base64.b64encode(raw).decode("ascii")
        return text.rstrip("=") if src.byte() & 1 else text
    if k == 1:
        doc = valid[src.below(len(valid))]
        return src.mutate(doc, B64_VOCAB) if src.byte() & 1 else doc[: src.below(len(doc) + 1)] + src.piece(B64_VOCAB)
    return src.text(B64_VOCAB, 40)


def _id_int(src: Source, valid: list[int]) -> int:
    """An arbitrary int: up to 40 random bytes, either sign; or a valid id with one bit flipped."""
    if src.byte() < 64:
        return valid[src.below(len(valid))] ^ (1 << src.below(300))
    x = int.from_bytes(src.chunk(src.below(41)), "little")
    return -x if src.byte() < 64 else x


def _length(src: Source) -> int | None:
    return None if src.byte() < 160 else src.below(40) - 4


def _bulk_agrees(scalar, bulk, valid: list[str], text: str) -> None:  # type: ignore[no-untyped-def]
    """The bulk parser reads ``[good, text, good]`` as the scalar one reads ``text`` (or names row 1)."""
    one = survives(scalar, text)
    rows = [valid[0], text, valid[1]]
    try:
        got = survives(bulk, rows, ())
    except AssertionError as e:
        if one is not None or not isinstance(e.__cause__, CodecError):
            raise
        assert str(e.__cause__).startswith("row 1: "), (text, str(e.__cause__))
        return
    assert one is not None, f"the bulk parser accepted {text!r}, the scalar one refused it"
    row = np.asarray(got)[1]
    assert bulk([text])[0].tolist() == row.tolist(), text
    if isinstance(one, int):
        assert int(row) == one, text


def _deal_id_check(src: Source, text: str, n: int) -> int:
    """Half the inputs are id texts (scalar and bulk Base64 parsers), half ints (the deal and the decimal)."""
    valid, ints = _deal_ids(), _deal_ints()
    for t in [text] + [_id_text(src, valid) for _ in range(n // 2)]:
        _bulk_agrees(ids.parse_deal_id, ids.parse_deal_ids, valid, t)
    for _ in range(n // 2):
        v = _id_int(src, ints)
        survives(ids.decode_deal, v)
        survives(lambda v: ids.deal_id_from_decimal(v, _length(src)), v)
    return 1 + 2 * (n // 2)


def _run_id_check(src: Source, text: str, n: int) -> int:
    valid, ints = _run_ids(), _run_ints()
    for t in [text] + [_id_text(src, valid) for _ in range(n // 2)]:
        _bulk_agrees(lambda t: ids.parse_run_id(t, check_play=False), lambda r: ids.parse_run_ids(r, check_play=False), valid, t)
        survives(ids.parse_run_id, t)
    for _ in range(n // 2):
        v = _id_int(src, ints)
        survives(lambda v: ids.decode_run(v, check_play=v % 2 == 0), v)
        survives(lambda v: ids.run_from_decimal(v, _length(src)), v)
    return 1 + 2 * (n // 2)


test_skat_deal_ids, test_skat_deal_ids_slow = twins(_deal_id_check)
test_skat_run_ids, test_skat_run_ids_slow = twins(_run_id_check)


# --- jass play records ------------------------------------------------------------------------------
JASS_VOCAB = [s + r for s in "dhsc" for r in "6789TJQKA"] + list("dhscou") + [
    "(", ")", "(", ")", " ", " ", "\n", "\n", "\n\n", "Obenabe", "undenufe", "hearts", "10", "♥", "♣",
]  # fmt: skip


@cache
def _jass_pool() -> list[tuple[str, int]]:
    """``(text, contract)``: records with winner brackets or without, some without the contract line."""
    codes = random_contracts(POOL, seed=5)
    games = random_games(POOL, codes, seed=5)
    out = [format_record(games[i], int(codes[i]), brackets=i % 3 > 0) for i in range(POOL)]
    return [(text if i % 4 else text.split("\n", 1)[1], int(codes[i])) for i, text in enumerate(out)]


@cache
def _jass_records() -> list[str]:
    return [text for text, _ in _jass_pool()]


def _parse_record(text: str) -> object:
    return parse_record(text, None if len(text) % 3 else "h")


test_jass_record, test_jass_record_slow = twins(batch_of(_parse_record, JASS_VOCAB, valid=_jass_records, max_pieces=120))


def _jass_records_check(src: Source, text: str, n: int) -> int:
    """Several records separated by blank lines (an input is one such text)."""
    survives(parse_records, text)
    for _ in range(n - 1):
        docs = [src.input(JASS_VOCAB, _jass_records(), 100) for _ in range(1 + src.below(3))]
        survives(lambda t: parse_records(t, None if len(t) % 3 else "o"), "\n\n".join(docs))
    return n


test_jass_records, test_jass_records_slow = twins(_jass_records_check)


# --- the command-line readers: cribbage hand files, Euchre hands in the Ruby Quiz #55 format ---------
def _cli(argv: list[str], stdin: str) -> tuple[int, str, str]:
    """Run a command in-process on ``stdin``; whatever it reports must be one-line errors (``bitcards: ...``)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = survives(lambda _: main(argv), stdin, ())
    finally:
        sys.stdin = old
    lines = err.getvalue().splitlines()
    assert all(line.startswith("bitcards: ") for line in lines), (stdin, err.getvalue())
    assert rc in (0, 2), (stdin, rc, err.getvalue())
    return int(rc), out.getvalue(), err.getvalue()  # type: ignore[call-overload]


CRIBBAGE_VOCAB = [r + s for r in "A23456789TJQK" for s in "CDHShs"] + ["10H", "1", "0", "0", " ", " ", " ", "\t", ",", "Ｈ", "Н"]


def _cribbage_line(seed: int) -> str:
    bits = _rng(seed).permutation(52)[:5].tolist()
    return format_cards(bits, "cribbage")


@cache
def _cribbage_lines() -> list[str]:
    return [_cribbage_line(s) for s in range(POOL)]


def _is_end(line: str) -> bool:
    toks = line.replace(",", " ").split()
    return bool(toks) and all(t == "0" for t in toks)


def _cribbage_check(src: Source, text: str, n: int) -> int:
    """One hand file of ``n`` lines, read with --keep-going (a line of zeros ends the file: such lines are
    replaced by a valid one, so that every line is read)."""
    lines = [
        x.replace("\n", " ").replace("\r", " ")
        for x in [text] + [src.input(CRIBBAGE_VOCAB, _cribbage_lines(), 12) for _ in range(n - 1)]
    ]
    lines = [_cribbage_lines()[0] if _is_end(line) else line for line in lines]
    _cli(["cribbage", "score", "--keep-going"] + ["--crib"] * (n % 2), "\n".join(lines) + "\n")
    return n


test_cribbage_hand_file, test_cribbage_hand_file_slow = twins(_cribbage_check, fast=(20, 60), batch=2000)

EUCHRE_VOCAB = [r + s for r in "9TJQKA" for s in "cdhsCDHS"] + [
    "Diamonds", "Hearts", "Spades", "Clubs", "diamonds", "d", "h", "s", "c", "♦", "♠", "\n", "\n", "\n", " ", "10h", "Trump",
]  # fmt: skip


def _euchre_hand(seed: int) -> str:
    rng = _rng(seed)
    trump = ("Diamonds", "Hearts", "Spades", "Clubs")[rng.integers(4)]
    bits = rng.permutation(24)[:5].tolist()
    return trump + "\n" + format_cards(bits, "euchre", "euchre", sep="\n")


@cache
def _euchre_hands() -> list[str]:
    return [_euchre_hand(s) for s in range(POOL)]


def _euchre_check(src: Source, text: str, n: int) -> int:
    """One input of ``n`` hands (each random or edited), read with --keep-going, sometimes with another --cards."""
    hands = [text] + [src.input(EUCHRE_VOCAB, _euchre_hands(), 24) for _ in range(n - 1)]
    cards = 5 if src.byte() < 192 else src.below(7)
    _cli(["euchre", "sort", "--keep-going", "--cards", str(cards)], "\n".join(hands))
    return n


test_euchre_quiz_input, test_euchre_quiz_input_slow = twins(_euchre_check, fast=(20, 60), batch=2000)


# --- round trips -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@given(seed=st.integers(0, 2**32 - 1))
def test_card_notation_round_trips(game: str, seed: int) -> None:
    rng = _rng(seed)
    bits = rng.permutation(_N_CARDS[game])[: rng.integers(0, _N_CARDS[game] + 1)].tolist()
    mask = sum(1 << b for b in bits)
    for style in STYLES[game]:
        text = format_cards(bits, game, style)
        dialect = "german" if style == "german" else "auto"
        assert parse_cards(text, game, dialect) == bits, (style, text)
        assert parse_mask(format_cards(mask, game, style), game, dialect) == mask, style


@given(seed=st.integers(0, 2**32 - 1))
def test_skat_notation_and_ids_round_trip(seed: int) -> None:
    g = _game(seed)
    assert ids.parse_game(_deal_line(seed)) == g
    x = ids.encode_deal(g.masks())
    assert ids.parse_deal_id(ids.format_deal_id(x)) == x
    dec = ids.deal_id_to_decimal(x)
    assert ids.deal_id_from_decimal(dec, len(ids.id_to_bytes(x))) == x
    run = _run(seed)
    assert ids.parse_game_run(_run_text(seed)) == run
    assert ids.parse_game_runs(_run_text(seed) + "\n" + _run_text(seed)) == [run, run]
    sorted_run = ids.decode_run(ids.encode_run(run))
    assert ids.parse_run_id(ids.format_run_id(run)) == sorted_run
    assert ids.run_from_decimal(ids.run_to_decimal(run), len(ids.id_to_bytes(ids.encode_run(run)))) == sorted_run


@given(seed=st.integers(0, POOL - 1))
def test_jass_record_round_trips(seed: int) -> None:
    text, contract = _jass_pool()[seed]
    code, rec = parse_record(text, contract)
    assert code == contract
    line = text[1] == "\n"
    assert format_record(rec, code if line else None, brackets="(" in text, winners=check(rec, code).winners) == text
    recs, codes = parse_records(text + "\n\n" + text, contract)
    assert recs.tolist() == [rec.tolist()] * 2 and codes.tolist() == [code] * 2


# --- inputs that broke a parser (none yet), and the property itself ---------------------------------------
def test_fuzz_inputs_are_all_documented_errors() -> None:
    """The property itself is checked, not assumed: a bad input is an error of the documented kind."""
    for bad in ("x", "JC JC", "\udc80"):
        with pytest.raises(BitcardsError):
            parse_mask(bad, "skat")
        assert survives(lambda t: parse_mask(t, "skat"), bad) is None
    with pytest.raises(AssertionError, match="KeyError escaped"):
        survives(lambda t: {}[t], "k")
