"""The rules on masks: tables, legal cards (vs the plain reference), and each consequence the spec lists."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards.cardset import CardSet
from bitcards.errors import InvalidCardsError, ParseError
from bitcards.jass import CONTRACTS, batch, card_points, check, legal_cards_mask, mask, parse_contract, parse_record
from bitcards.jass.rules import ABOVE, KEY, POINTS, format_contract
from bitcards.notation import format_cards
from tests.jass.seed import TRUTHY_1, TRUTHY_2
from tests.jass.strategies import contracts, hand_and_trick, trump_heavy_position
from tests.naive import jass as naive


def names(m: int) -> list[str]:
    return sorted(format_cards(m, "jass").split())


def legal(hand: str, trick: str, contract: str) -> list[str]:
    return names(legal_cards_mask(mask(hand), trick.split(), contract))


# --- tables against the plain reference ---------------------------------------------
def test_contract_codes_are_suit_numbers() -> None:
    assert CONTRACTS == {"d": 0, "h": 1, "s": 2, "c": 3, "o": 4, "u": 5}
    for letter, code in CONTRACTS.items():
        assert format_contract(code) == letter
        assert naive.CONTRACT_LETTERS[code] == letter
    for suit in "dhsc":  # the suit number in the layout equals the contract code
        assert mask(f"{suit}6") == 1 << (9 * CONTRACTS[suit])


def test_parse_contract_forms_and_errors() -> None:
    assert [parse_contract(x) for x in ("D", "♥", "spades", "♧", "obenabe", "Undenufe", 4)] == [0, 1, 2, 3, 4, 5, 4]
    for bad in ("x", "", "trump", 6, -1):
        with pytest.raises(ParseError):
            parse_contract(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_contract(1.5)  # type: ignore[arg-type]


def test_above_table_is_the_trump_order() -> None:
    for c in range(36):
        card = naive.name(c)
        trump = card[0]  # c's own suit as trump
        same_suit = [naive.name(d) for d in range(36) if d // 9 == c // 9]
        expect = sorted(d for d in same_suit if naive.strength(d, trump) > naive.strength(card, trump))
        assert names(int(ABOVE[c])) == expect, card


@pytest.mark.parametrize("contract", list("dhscou"))
def test_key_order_matches_reference_strength(contract: str) -> None:
    code = CONTRACTS[contract]
    for a in range(36):
        for b in range(36):
            ca, cb = naive.name(a), naive.name(b)
            same_family = (ca[0] == cb[0]) or (naive.is_trump(ca, contract) and naive.is_trump(cb, contract))
            if same_family:
                assert (KEY[code * 36 + a] > KEY[code * 36 + b]) == (naive.strength(ca, contract) > naive.strength(cb, contract))
            if naive.is_trump(ca, contract) and not naive.is_trump(cb, contract):
                assert KEY[code * 36 + a] > KEY[code * 36 + b]


@pytest.mark.parametrize("contract", list("dhscou"))
def test_points_table(contract: str) -> None:
    code = CONTRACTS[contract]
    assert [int(POINTS[code * 36 + c]) for c in range(36)] == [naive.card_points(naive.name(c), contract) for c in range(36)]
    assert int(POINTS[code * 36 : code * 36 + 36].sum()) + 5 == 157


def test_undenufe_points_the_six_high_the_ace_nothing() -> None:
    spades = ["s6", "s7", "s8", "s9", "sT", "sJ", "sQ", "sK", "sA"]
    assert [card_points(c, "u") for c in spades] == [11, 0, 8, 0, 10, 2, 3, 4, 0]
    assert [naive.card_points(c, "u") for c in spades] == [11, 0, 8, 0, 10, 2, 3, 4, 0]
    # the spec's example: Undenufe, last trick sA sK sQ sJ is worth 0 + 4 + 3 + 2 + 5
    assert card_points("sA sK sQ sJ", "u") + 5 == 14
    assert sum(naive.card_points(c, "u") for c in ("sA", "sK", "sQ", "sJ")) + 5 == 14
    # Obenabe keeps the ace high in points too
    assert [card_points(c, "o") for c in spades] == [0, 0, 8, 0, 10, 2, 3, 4, 11]


def test_undenufe_record_points_of_the_issue() -> None:
    from tests.jass.test_cli import UNDENUFE_RECORD

    v = check(UNDENUFE_RECORD)
    assert v.contract == "u" and v.points == (78, 79)
    code, rec = parse_record(UNDENUFE_RECORD)
    assert naive.check(naive.matrix_of(rec.tolist()), "u")["points"] == [78, 79]
    _, p = batch.score(rec[None, :], "u")
    assert p.tolist() == [[78, 79]]


@given(st.sets(st.integers(0, 35)), contracts)
def test_card_points_match_reference(cards, code) -> None:  # type: ignore[no-untyped-def]
    names_ = [naive.name(c) for c in sorted(cards)]
    want = sum(naive.card_points(c, naive.CONTRACT_LETTERS[code]) for c in names_)
    m = sum(1 << c for c in cards)
    assert card_points(m, code) == card_points(names_, code) == card_points(" ".join(names_), code) == want
    assert card_points(CardSet(m, "jass"), naive.CONTRACT_LETTERS[code]) == want


def test_card_points_bad_input() -> None:
    with pytest.raises(InvalidCardsError):
        card_points(1 << 36, "u")
    with pytest.raises(InvalidCardsError):
        card_points(CardSet(1, "skat"), "u")
    with pytest.raises(ParseError):
        card_points("s6 s6", "u")
    with pytest.raises(ParseError):
        card_points("sA", "x")
    with pytest.raises(TypeError):
        card_points(1.5, "u")


# --- legal cards against the plain reference ----------------------------------------
@given(hand_and_trick(), contracts)
def test_legal_moves_match_reference(ht, code) -> None:  # type: ignore[no-untyped-def]
    hand, trick = ht
    contract = naive.CONTRACT_LETTERS[code]
    m = 0
    for c in hand:
        m |= 1 << c
    got = names(legal_cards_mask(m, list(trick), code))
    want = sorted(naive.allowed_cards([naive.name(c) for c in hand], [naive.name(c) for c in trick], contract))
    assert got == want
    assert got  # never empty for a non-empty hand


@given(trump_heavy_position())
def test_legal_moves_match_reference_trump_heavy(position) -> None:  # type: ignore[no-untyped-def]
    hand, trick, code = position
    got = names(legal_cards_mask(sum(1 << c for c in hand), list(trick), code))
    want = naive.allowed_cards([naive.name(c) for c in hand], [naive.name(c) for c in trick], naive.CONTRACT_LETTERS[code])
    assert got == sorted(want)


@pytest.mark.jit
def test_legal_moves_match_reference_exhaustively() -> None:
    """Hearts trump: every hand of hearts plus sA d7, after every trick of 1..3 cards from sK hQ h9 h7 cK.

    That covers trump and side-suit leads, zero to two trumps already played in any order, following,
    trumping in, over- and undertrumps and the trump jack (Obenabe and Undenufe have no trump; the
    suits are symmetric, which the Hypothesis tests above check).
    """
    from itertools import permutations

    index = {naive.name(c): c for c in range(36)}
    universe = [naive.name(c) for c in range(9, 18)] + ["sA", "d7"]
    pool = ["sK", "hQ", "h9", "h7", "cK"]
    tricks = [list(t) for k in (1, 2, 3) for t in permutations(pool, k)]
    hands_, tricks_, wants = [], [], []
    for trick in tricks:
        free = [c for c in universe if c not in trick]
        for bits in range(1, 1 << len(free)):
            hand = [free[i] for i in range(len(free)) if bits >> i & 1]
            hands_.append(mask(" ".join(hand)))
            tricks_.append([index[c] for c in trick] + [-1] * (3 - len(trick)))
            wants.append(mask(" ".join(naive.allowed_cards(hand, trick, "h"))))
    got = batch.legal_cards(np.array(hands_, dtype=np.uint64), np.array(tricks_, dtype=np.int8), "h")
    assert len(wants) > 50_000
    assert got.tolist() == wants


def test_legal_moves_bad_input() -> None:
    with pytest.raises(InvalidCardsError):
        legal_cards_mask(1 << 40, [], "h")
    with pytest.raises(InvalidCardsError):
        legal_cards_mask(mask("h6"), ["h6"], "h")
    with pytest.raises(InvalidCardsError):
        legal_cards_mask(mask("h6"), ["d6", "d7", "d8", "d9"], "h")
    with pytest.raises(ParseError):
        legal_cards_mask(mask("h6"), ["x9"], "h")


# --- the table, row by row ------------------------------------------------------------
def test_leading_any_card() -> None:
    assert legal("h6 s7 cA", "", "h") == ["cA", "h6", "s7"]


def test_notrump_follow_suit_else_any() -> None:
    for c in "ou":
        assert legal("d6 dA s7 cA", "dK", c) == ["d6", "dA"]
        assert legal("s7 cA", "dK", c) == ["cA", "s7"]


def test_trump_led_must_follow_with_trumps() -> None:
    assert legal("h6 h7 s7 cA", "hK", "h") == ["h6", "h7"]
    assert legal("s7 cA", "hK", "h") == ["cA", "s7"]


def test_side_led_holding_it_follow_or_overtrump_but_never_undertrump() -> None:
    # spades led, diamonds trump; dA was played: d6 is an undertrump, dJ/d9 are overtrumps
    assert legal("s6 sK d6 d9 dJ h7", "sA dA", "d") == ["d9", "dJ", "s6", "sK"]


def test_side_led_void_anything_but_undertrumps() -> None:
    assert legal("d6 d9 h7 c8", "sA dA", "d") == ["c8", "d9", "h7"]
    # nothing but undertrumps: any card
    assert legal("d6 d7", "sA dA", "d") == ["d6", "d7"]


# --- the consequences the spec page lists, one test each -----------------------------------
def _hands_before(text: str, trick: int) -> tuple[int, list[list[str]], list[int]]:
    """(contract code, each column's cards before ``trick`` (from 1), the winners) from a seed record."""
    code, rec = parse_record(text)
    matrix = naive.matrix_of(rec.tolist())
    hands = [[matrix[t][p] for t in range(trick - 1, 9)] for p in range(4)]
    return code, hands, list(check(text).winners)


def _trick_before(text: str, trick: int, column: int) -> list[str]:
    """The cards played to ``trick`` before ``column`` plays, in play order."""
    code, rec = parse_record(text)
    matrix = naive.matrix_of(rec.tolist())
    winners = [1] + list(check(text).winners)
    leader = winners[trick - 1] - 1
    out = []
    p = leader
    while p != column - 1:
        out.append(matrix[trick - 1][p])
        p = (p + 1) % 4
    return out


def test_trumping_in_allowed_while_able_to_follow_seed_example_1() -> None:
    # hearts trump: the seed (and the spec page) cite tricks 4 and 7. In trick 4 column 1 trumps in with
    # hT while holding s8, so it could have followed spades: legal. In trick 7 column 3 trumps in with h8,
    # but there it holds only h8 dQ dK, void in clubs, so that trick shows an ordinary trump-in; we check
    # the facts of both tricks as they are.
    for trick, column, played, could_follow in ((4, 1, "hT", True), (7, 3, "h8", False)):
        code, hands, _ = _hands_before(TRUTHY_1, trick)
        before = _trick_before(TRUTHY_1, trick, column)
        led = before[0][0]
        assert any(c[0] == led for c in hands[column - 1]) == could_follow
        allowed = names(legal_cards_mask(mask(" ".join(hands[column - 1])), before, code))
        assert played in allowed
    assert check(TRUTHY_1).legal
    assert legal("s6 h7", "sA", "h") == ["h7", "s6"]


def test_only_trumps_must_overtrump_if_possible_seed_example_2() -> None:
    # seed example 2, trick 7 (clubs trump): hQ led, cA trumped in; column 1 holds only trumps, all
    # below cA, so it may undertrump with cK
    code, hands, _ = _hands_before(TRUTHY_2, 7)
    assert all(c[0] == "c" for c in hands[0])
    before = _trick_before(TRUTHY_2, 7, 1)
    assert "cA" in before
    assert "cK" in names(legal_cards_mask(mask(" ".join(hands[0])), before, code))
    # ... but holding an overtrump, the undertrumps are not allowed
    assert legal("c6 c7 c9", "hQ cA", "c") == ["c9"]
    # (unless the only overtrump is the trump jack, which is never forced)
    assert legal("c6 c7 cJ", "hQ cA", "c") == ["c6", "c7", "cJ"]
    assert legal("c6 c7 cK", "hQ cA", "c") == ["c6", "c7", "cK"]


# diamonds trump: in trick 7 column 3 leads h6, column 4 trumps with d9, and column 1, holding d7 dJ dK (its
# plays in tricks 7 to 9), plays the undertrump d7 (bitcards forced the jack here until the rule was corrected)
_JACK_NOT_FORCED = """d
s7 sK sA sQ
hK d6 s6 sJ
cJ c9 dQ cA
dA hQ hA hJ
cK c8 dT s9
h8 c6 cT h7
d7 c7 h6 d9
dJ sT d8 h9
dK cQ s8 hT"""


def test_the_trump_jack_is_never_forced() -> None:
    # the seed: "You can never be forced to play the highest trump, the jack, over other cards". Void in the
    # led side suit after a trump was played, a player whose only card that is not an undertrump is the jack
    # may play any card (the spec page's two examples)
    assert legal("s6 sJ", "h8 sT", "s") == ["s6", "sJ"]
    assert legal("h7 h8 hT hJ", "sA h9 cK", "h") == ["h7", "h8", "hJ", "hT"]
    assert legal("hJ h6 h7", "sA h9", "h") == ["h6", "h7", "hJ"]
    assert legal("hJ h6 h7", "sA hA h9", "h") == ["h6", "h7", "hJ"]
    for hand, trick, contract in (("s6 sJ", "h8 sT", "s"), ("h7 h8 hT hJ", "sA h9 cK", "h")):
        assert sorted(naive.allowed_cards(hand.split(), trick.split(), contract)) == legal(hand, trick, contract)
    # ... but only the jack: another overtrump is still forced (the ace is not the jack)
    assert legal("h6 hA", "d6 hQ", "h") == ["hA"]
    assert naive.allowed_cards(["h6", "hA"], ["d6", "hQ"], "h") == ["hA"]
    assert legal("h6 hA hJ", "d6 hQ", "h") == ["hA", "hJ"]
    # with any side card the jack is not forced either way: side cards or the jack
    assert legal("hJ h6 d7", "sA h9", "h") == ["d7", "hJ"]
    assert legal("hJ h6 s7", "sA h9", "h") == ["hJ", "s7"]
    # without the jack, nothing but undertrumps: any of them
    assert legal("h6 h7", "sA h9", "h") == ["h6", "h7"]
    # the same inside a whole record: trick 7's undertrump d7 is legal now, and kernel and reference agree
    code, rec = parse_record(_JACK_NOT_FORCED)
    v = check(rec, code)
    ref = naive.check(naive.matrix_of(rec.tolist()), "d")
    assert v.legal == ref["legal"] and (v.trick, v.column) != (7, 1)
    if not v.legal:
        assert (v.trick, v.column, v.card, v.allowed.names()) == (ref["trick"], ref["column"], ref["card"], ref["allowed"])
    assert list(v.winners) == ref["winners"] and list(v.points) == ref["points"]


def test_overtrump_measured_against_the_higher_of_two_trumps() -> None:
    # spades led, hearts trump: hK then h7 trumped in; hQ is below hK so it is an undertrump
    assert legal("hQ hA d6", "sA hK h7", "h") == ["d6", "hA"]
    assert legal("hQ hA sQ", "sA hK h7", "h") == ["hA", "sQ"]
    # and the order of the two trumps does not matter
    assert legal("hQ hA d6", "sA h7 hK", "h") == ["d6", "hA"]


def test_trump_jack_on_trump_lead_seed_example_1_trick_2() -> None:
    # hearts trump, h6 led: column 3 plays hJ while holding another trump (h8, played in trick 7): legal
    code, hands, _ = _hands_before(TRUTHY_1, 2)
    others = [c for c in hands[2] if c[0] == "h" and c != "hJ"]
    assert others and "hJ" in hands[2]
    assert "hJ" in names(legal_cards_mask(mask(" ".join(hands[2])), ["h6", "s7"], code))
    assert legal("hJ hA s7", "h6", "h") == ["hA", "hJ"]


def test_trump_jack_as_only_trump_need_not_follow_seed_example_2_trick_1() -> None:
    # clubs trump, c9 led: column 2 holds cJ as its only trump and plays s6: legal
    code, hands, _ = _hands_before(TRUTHY_2, 1)
    trumps = [c for c in hands[1] if c[0] == "c"]
    assert trumps == ["cJ"]
    assert "s6" in names(legal_cards_mask(mask(" ".join(hands[1])), ["c9"], code))
    assert legal("cJ s6 d7", "c9", "c") == ["cJ", "d7", "s6"]


def test_the_jack_beats_the_nine_beats_the_ace_in_trumps() -> None:
    rec = np.array(parse_record(TRUTHY_1)[1])
    v = check(rec, "h")
    assert v.winners[1] == 3  # trick 2: h6 s7 hJ hA, won by the jack
    assert v.winners[0] == 1  # trick 1: h9 s6 h7 hQ, won by the nine


# --- batch legal moves ------------------------------------------------------------------
def _positions(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions reached in random legal games: (hands, trick cards padded with -1, contracts)."""
    from bitcards.jass import check, random_contracts, random_games

    rng = np.random.default_rng(seed)
    codes = random_contracts(n, seed=seed)
    games = random_games(n, codes, seed=seed)
    hands = np.zeros(n, dtype=np.uint64)
    tricks = np.full((n, 3), -1, dtype=np.int8)
    for i in range(n):
        rec = games[i].tolist()
        t = int(rng.integers(0, 9))
        j = int(rng.integers(0, 4))
        leader = ([1] + list(check(games[i], int(codes[i])).winners))[t] - 1
        order = [(leader + x) % 4 for x in range(4)]
        p = order[j]
        hands[i] = sum(1 << rec[4 * tt + p] for tt in range(t, 9))
        tricks[i, :j] = [rec[4 * t + q] for q in order[:j]]
    return hands, tricks, codes


def test_batch_legal_moves_match_scalar_and_reference() -> None:
    hands, tricks, codes = _positions(400, seed=3)
    got = batch.legal_cards(hands, tricks, codes)
    assert got.dtype == np.uint64 and got.shape == (400,)
    for i in range(400):
        trick = [int(c) for c in tricks[i] if c >= 0]
        assert int(got[i]) == legal_cards_mask(int(hands[i]), trick, int(codes[i]))
        hand_names = [naive.name(b) for b in range(36) if int(hands[i]) >> b & 1]
        want = naive.allowed_cards(hand_names, [naive.name(c) for c in trick], naive.CONTRACT_LETTERS[int(codes[i])])
        assert names(int(got[i])) == sorted(want)
        assert int(got[i]) & ~int(hands[i]) == 0 and got[i] != 0


def test_batch_legal_moves_bad_input() -> None:
    hands = np.array([mask("h6 h7"), mask("d6")], dtype=np.uint64)
    ok = np.array([[18, -1, -1], [10, -1, -1]], dtype=np.int8)
    assert batch.legal_cards(hands, ok, "h").shape == (2,)
    for bad in (
        np.array([[18, -1, -1], [-1, 10, -1]]),  # padding before a card
        np.array([[18, 18, -1], [10, -1, -1]]),  # a card twice
        np.array([[9, -1, -1], [10, -1, -1]]),  # a trick card in the hand
        np.array([[36, -1, -1], [10, -1, -1]]),  # outside the deck
    ):
        with pytest.raises(InvalidCardsError, match="row"):
            batch.legal_cards(hands, bad, "h")
    with pytest.raises(InvalidCardsError, match="shape"):
        batch.legal_cards(hands, np.zeros((2, 4), dtype=np.int8) - 1, "h")
    with pytest.raises(TypeError):
        batch.legal_cards(hands, np.zeros((2, 3)), "h")


def test_legal_moves_argument_types() -> None:
    from bitcards.cardset import CardSet

    assert legal_cards_mask(CardSet(mask("hJ h6 s7"), "jass"), ["sA", "h9"], "h") == mask("hJ s7")
    assert legal_cards_mask(np.uint64(mask("h6")), [np.int8(18)], "h") == mask("h6")  # 18 = s6
    # a float used to be truncated by int(); card text is a hand like any other
    assert legal_cards_mask("h6 h7", [], "h") == mask("h6 h7")
    for hand in (1.5, True):
        with pytest.raises(TypeError, match="hand must be"):
            legal_cards_mask(hand, [], "h")
    with pytest.raises(InvalidCardsError, match="skat card set is not a jass hand"):
        legal_cards_mask(CardSet(7, "skat"), [], "h")
    # the old name keeps both forms for one release
    with pytest.warns(DeprecationWarning, match="use jass.legal_cards_mask or jass.batch.legal_cards"):
        from bitcards.jass import legal_moves  # type: ignore[attr-defined]
    assert legal_moves(mask("h6 h7"), ["h8"], "h") == mask("h6 h7")


def test_trick_winner_and_legal_cards() -> None:
    from bitcards.jass import legal_cards, trick_winner
    from tests.naive import jass as naive

    assert str(legal_cards("h6 hJ s7 sK", ["sA", "h9"], "h")) == "hJ s7 sK"
    rng = np.random.default_rng(5)
    for _ in range(2000):
        cards = rng.permutation(36)[: rng.integers(1, 5)].tolist()
        code = int(rng.integers(0, 6))
        contract = "dhscou"[code]
        assert trick_winner(cards, code) == naive.trick_winner_index([naive.name(c) for c in cards], contract), (cards, code)
    with pytest.raises(InvalidCardsError):
        trick_winner([], "h")
    with pytest.raises(InvalidCardsError):
        trick_winner("h6 h6", "h")
    with pytest.raises(TypeError, match="trick cards"):
        legal_cards_mask(mask("h6"), [9.0], "h")
