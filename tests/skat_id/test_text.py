"""The game and game-run notation: Java's examples, both run line orders, the reader's quirks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.errors import ParseError
from bitcards.skat.ids import (
    Game,
    GameRun,
    format_game,
    format_game_run,
    format_run_id,
    parse_game,
    parse_game_run,
    parse_game_runs,
)
from tests.naive import skat_id as naive
from tests.skat_id.test_run import README_RUN_ID, runs

SAMPLE_DEFAULT = """S7 S8 S9 SX SU SO SK SA R7 R8
R9 RX RU RO RK RA G7 G8 G9 GX -- some comment
GU GO GK GA E7 E8 E9 EX EU EO
EK EA
"""
SAMPLE_COMPACT = "S7S8S9SXSUSOSKSAR7R8R9RXRURORKRAG7G8G9GXGUGOGKGAE7E8E9EXEUEOEKEA\n"
SAMPLE_EXPANDED = """S7 S8 S9 SX SU SO SK SA R7 R8 R9 RX RU RO RK RA G7 G8 G9 GX
GU GO GK GA E7 E8 E9 EX EU EO

EK EA
"""

# the Java test resource sample_game_run: bids before the skat cards (the order Java's reader reads)
SAMPLE_RUN = """S7S8S9SXSUSOSKSAR7R8 -- front
R9RXRURORKRAG7G8G9GX -- middle
GUGOGKGAE7E8E9EXEUEO -- rear
EKEA -- Skat before game ..  /  / 63
07 -- bid of front / 7 bit
05 -- bid of middle / 7 bit
04 -- bid of rear / 7 bit
R7R8 -- Skat on announced game / 2 * 5 bit = 10 bit / 64 .. 73
41111 -- spades / 3 bit + 4 * 1 bit = 7 bit
012 -- all player played their first card. / 3 * 4 bit * 10 = 120 bit
123
234
345
456
567
678
789
890
901
"""

# the README's listing: skat cards before the bids (Java's reader cannot read it)
README_RUN = """S7S8S9SXSUSOSKSAR7R8 -- front
R9RXRURORKRAG7G8G9GX -- middle
GUGOGKGAE7E8E9EXEUEO -- rear
EKEA -- Skat before game
R7R8 -- Skat on announced game
07 -- bid of front
05 -- bid of middle
04 -- bid of rear
41111 -- spades
012 -- Denotes the index of the players cards from above, e.g.
123 --   forehand played their first card etc.
234
345
456
567
678
789
890
901
"""


@pytest.mark.parametrize("text", [SAMPLE_DEFAULT, SAMPLE_COMPACT, SAMPLE_EXPANDED])
def test_java_reader_samples(text: str) -> None:
    # SkatGameReaderTest: all three give front[0]=S7, middle[0]=R9, rear[0]=GU, skat[0]=EK and AABQVVWqqvo=
    g = parse_game(text)
    assert [naive.CARDS[s[0]] for s in g.stacks] == ["S7", "R9", "GU", "EK"]
    assert g.base64() == "AABQVVWqqvo="


def test_readme_game_listing_and_case() -> None:
    text = SAMPLE_DEFAULT.lower().replace("s7", "S 7")  # whitespace even inside a card, any case
    assert parse_game(text).base64() == "AABQVVWqqvo="


@pytest.mark.parametrize("text", [SAMPLE_RUN, README_RUN, SAMPLE_RUN.replace("\n", "\r\n")])
def test_run_both_orders(text: str) -> None:
    run = parse_game_run(text)
    # SkatGameRunReaderTest: bids 7/5/4, solo front, clubs with all flags, cards R7 R8
    assert run.bids == (7, 5, 4) and run.solo_player == "front"
    assert run.kind_name == "clubs" and run.flags == (True, True, True, True)
    assert [naive.CARDS[c] for c in run.skat_cards] == ["R7", "R8"]
    assert format_run_id(run) == README_RUN_ID
    # Java's trickAsCards(1) = S8 RX GO and (9) = R8 GX EO ignore the stored indices: they are the
    # i-th listed card of each hand. bitcards' trick_cards uses the indices (1 2 3 and 9 0 1).
    assert [naive.CARDS[c] for c in run.trick_cards(1)] == ["S8", "RU", "GA"]
    assert [naive.CARDS[c] for c in run.trick_cards(9)] == ["R8", "R9", "GO"]
    assert [naive.CARDS[run.game.stacks[j][1]] for j in range(3)] == ["S8", "RX", "GO"]
    assert [naive.CARDS[run.game.stacks[j][9]] for j in range(3)] == ["R8", "GX", "EO"]


def test_writer_round_trip_java_random_0() -> None:
    # SkatGameWriterTest: write Game.random(0), read it back -> equal, order preserved
    g = Game(*naive.java_random_game(0))
    assert parse_game(format_game(g)) == g
    assert format_game(g).splitlines()[0] == "GKR9R7R8SKSXE9S8SOEU"


def test_java_quirks_handled() -> None:
    # a line holding only "--" (Java: ArrayIndexOutOfBoundsException) is a comment
    assert parse_game("--\n" + SAMPLE_DEFAULT + "----\n").base64() == "AABQVVWqqvo="
    # blank lines among the tricks (Java: StringIndexOutOfBoundsException) are skipped
    lines = SAMPLE_RUN.splitlines()
    spaced = "\n".join(lines[:12] + ["", "   "] + lines[12:]) + "\n\n\n"
    assert format_run_id(parse_game_run(spaced)) == README_RUN_ID
    # a one-character game type (Java: No enum constant ...GameTypeKind.4) means the kind without flags
    run = parse_game_run(SAMPLE_RUN.replace("41111 --", "4 --"))
    assert run.kind == 4 and run.flags == (False,) * 4
    assert parse_game_run(SAMPLE_RUN.replace("41111 --", "410 --")).flags == (True, False, False, False)
    # whitespace and comments on the skat-cards and trick lines (Java reads them raw)
    run = parse_game_run(SAMPLE_RUN.replace("R7R8 --", "  r7 r8 --").replace("345\n", " 3 4 5 -- trick 4\n"))
    assert format_run_id(run) == README_RUN_ID
    # Java's writer output (cards line, then unpadded bids) is readable here
    written = format_game_run(parse_game_run(SAMPLE_RUN), order="readme").replace("07\n", "7\n")
    assert format_run_id(parse_game_run(written)) == README_RUN_ID
    # signs and leading zeros in bids, as Integer.parseInt reads them
    assert parse_game_run(SAMPLE_RUN.replace("07 --", "+7 --")).bids == (7, 5, 4)


BAD_GAMES = {
    "S7S8S": "line 1: 'S7S8S' has an odd number of characters",
    "S7 Q8": "line 1, card 2: 'Q8' is not a card: suit 'Q'",
    "S7 SZ": "line 1, card 2: 'SZ' is not a card: value 'Z'",
    "S7\nS8\nS7": "line 3, card 1: card S7 is already present \\(line 1\\)",
    "S7S8": "a game has 32 cards, the text ends after 2",
    SAMPLE_COMPACT.strip() + "S7": "after the 32nd card",
    SAMPLE_DEFAULT + "R7": "line 5: 'R7' after the end of the game",
    "": "ends after 0",
}


@pytest.mark.parametrize("text", list(BAD_GAMES))
def test_bad_games(text: str) -> None:
    with pytest.raises(ParseError, match=BAD_GAMES[text]):
        parse_game(text)


def _replace_line(n: int, new: str) -> str:
    lines = SAMPLE_RUN.splitlines()
    lines[n - 1] = new
    return "\n".join(lines) + "\n"


BAD_RUNS = {
    SAMPLE_DEFAULT: "line 4: the run ends after the game",
    _replace_line(5, "7x"): "line 5: '7x' is not two skat cards",
    _replace_line(6, "73"): "line 6: bid of middle 73 is not an index 0..72",
    _replace_line(7, "x"): "line 7: bid of rear 'x' is not a number",
    _replace_line(8, "R7R"): "line 8: 'R7R' is not two skat cards",
    _replace_line(9, "61111"): "line 9: game kind 6 is not one of 0..5",
    _replace_line(9, "41121"): "line 9: game type '41121'",
    _replace_line(9, ""): "line 10: game type '012'",
    _replace_line(19, ""): "line 18: the run has 9 tricks",
    _replace_line(19, "911"): "run starting at line 1: middle must play each of its 10 cards exactly once, but plays index 1",
    SAMPLE_RUN + "123\n": "line 20: an 11th trick '123'",
    SAMPLE_RUN + "S7\n": "line 20: 'S7' after the end of the game run",
}


@pytest.mark.parametrize("text", list(BAD_RUNS))
def test_bad_runs(text: str) -> None:
    with pytest.raises(ParseError, match=BAD_RUNS[text]):
        parse_game_run(text)


@given(st.permutations(range(32)), st.sampled_from(["", " "]), st.booleans())
def test_game_writer_reader_round_trip(perm: list[int], sep: str, comments: bool) -> None:
    g = Game(tuple(perm[:10]), tuple(perm[10:20]), tuple(perm[20:30]), tuple(perm[30:]))
    assert parse_game(format_game(g, sep=sep, comments=comments)) == g


@given(runs(with_tricks=False), st.sampled_from(["reader", "readme"]), st.booleans())
def test_run_writer_reader_round_trip(run: GameRun, order: str, comments: bool) -> None:
    text = format_game_run(run, order=order, comments=comments)  # type: ignore[arg-type]
    assert parse_game_run(text) == run
    assert parse_game_runs(text + "\n" + text) == [run, run]


def test_reader_order_output_is_what_java_reads() -> None:
    # Java's reader: game, 3 bid lines, skat cards line (raw), type, tricks (raw, first 3 chars)
    text = format_game_run(parse_game_run(README_RUN))
    assert text == "".join(line.split(" --")[0] + "\n" for line in SAMPLE_RUN.splitlines())
