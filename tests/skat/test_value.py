"""The official game value: every worked example of the spec (sections 3, 6, 8, 11), the naive reference, batch."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import CardSet, InvalidCardsError
from bitcards.skat import (
    BID_VALUES,
    ContractError,
    game_value,
    game_values,
    is_bid_value,
    matadors,
    matadors_many,
    max_bid,
    next_bid,
    seeger_fabian,
    seeger_fabian_list,
    trump_mask,
)
from tests.naive import skat as naive

GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")


def holding(relevant: str, game: str, n: int = 12, avoid: str = "") -> str:
    """``relevant`` plus filler cards that cannot touch the matadors: non-jacks outside the trump suit.

    ``avoid`` lists extra cards the filler must not use.
    """
    have = set(relevant.split())
    skip = set(avoid.split())
    trump_suit = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}.get(game)
    filler = []
    for s in "DHSC":
        if s == trump_suit:
            continue
        for r in "789QKTA":
            c = s + r
            if c not in have and c not in skip:
                filler.append(c)
    cards = list(have) + filler[: n - len(have)]
    assert len(cards) == n
    return " ".join(cards)


# --- section 3: matadors ------------------------------------------------------------------

SECTION3 = [
    ("CJ HJ", "", "any", "with 1"),
    ("CJ SJ HJ", "DJ", "any", "with 3"),
    ("SJ HJ DJ", "CJ", "any", "without 1"),
    ("HJ DJ", "", "any", "without 2"),
    ("DJ", "", "any", "without 3"),
    ("CA", "", "clubs", "without 4"),
    ("CA", "", "grand", "without 4"),
    ("CJ SJ HJ DJ CA CT CQ", "CK", "clubs", "with 6"),
    ("CJ SJ HJ DJ CT", "CA", "clubs", "with 4"),
    ("HQ", "HA HT HK", "hearts", "without 7"),
    ("", "", "clubs", "without 11"),
    ("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", "", "clubs", "with 11"),
]


@pytest.mark.parametrize(("relevant", "absent", "game", "expected"), SECTION3)
def test_section3_matadors(relevant: str, absent: str, game: str, expected: str) -> None:
    games = ["diamonds", "hearts", "spades", "clubs", "grand"] if game == "any" else [game]
    for g in games:
        # filler avoids every jack and the trump suit: add only non-jacks outside the trump suit
        cards = holding(relevant, g, avoid=absent)
        assert str(matadors(cards, g)) == expected, (cards, g)
        assert naive.matadors(naive.cards_of(CardSet.parse(cards, "skat").mask), g) == matadors(cards, g).signed


def test_matadors_without_11_needs_no_club_and_no_jack_among_all_12() -> None:
    cards = holding("", "clubs")
    assert str(matadors(cards, "clubs")) == "without 11"
    # one club in the skat breaks it
    assert str(matadors(cards.rsplit(" ", 1)[0] + " C7", "clubs")) == "without 10"


# --- section 11: worked examples -------------------------------------------------------------

ROWS = [
    # row, relevant cards, absent, game, options, value, score
    (1, "CJ SJ", "HJ", "clubs", dict(hand=True, points=70), 48, 48),
    (2, "CJ", "SJ", "diamonds", dict(points=70), 18, 18),
    (3, "HJ", "CJ SJ DJ", "hearts", dict(points=70), 30, 30),
    (4, "CJ SJ HJ DJ SA", "ST", "spades", dict(points=70), 66, 66),
    (5, "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", "", "clubs", dict(points=120, tricks=10), 168, 168),
    (6, "CJ SJ HJ DJ", "", "grand", dict(hand=True, points=95), 168, 168),
    (7, "", "CJ SJ HJ DJ", "grand", dict(points=70), 120, 120),
    (8, "CJ", "SJ", "grand", dict(points=55), 48, -96),
    (9, "CJ SJ", "HJ", "grand", dict(points=25), 96, -192),
    (10, "CJ", "SJ", "diamonds", dict(points=0, tricks=0), 36, -72),
    (11, "CJ", "SJ", "hearts", dict(hand=True, announce="schneider", points=80), 50, -100),
    (12, "HJ", "CJ SJ DJ", "spades", dict(hand=True, announce="schwarz", points=120, tricks=9), 88, -176),
    (13, "CJ", "SJ", "spades", dict(hand=True, announce="schneider", points=25), 55, -110),
    (14, "CJ", "SJ", "clubs", dict(points=70, bid=36), 36, -72),
    (15, "CJ", "SJ", "clubs", dict(points=92, bid=36), 36, 36),
    (16, "SJ HJ DJ", "CJ", "diamonds", dict(points=89, bid=22), 27, -54),
    (17, "DJ CJ", "SJ HJ", "hearts", dict(hand=True, points=75, bid=40), 40, -80),
    (18, "CJ SJ", "HJ", "clubs", dict(ouvert=True, points=120, tricks=10), 108, 108),
    (19, "CJ SJ HJ DJ", "", "grand", dict(ouvert=True, points=120, tricks=10), 264, 264),
    (20, "CJ SJ HJ DJ DA DT DK", "DQ", "diamonds", dict(points=70), 72, 72),
    (21, "", "CJ SJ HJ DJ", "clubs", dict(points=70), 144, 144),
    (22, "HQ", "CJ SJ HJ DJ HA HT HK", "hearts", dict(hand=True, points=70), 90, 90),
    (23, "CJ SJ HJ CT CQ C9 C8 C7 DA DT", "DJ", "clubs", dict(points=120, tricks=10), 72, 72),
    (24, "CJ SJ HJ CT CQ C9 C8 C7 DA DT", "DJ", "grand", dict(points=50), 96, -192),
    (25, "CJ SJ", "HJ", "clubs", dict(hand=True, points=58), 48, -96),
    (26, "", "", "null", dict(ouvert=True, tricks=0), 46, 46),
    (27, "", "", "null", dict(hand=True, tricks=1), 35, -70),
]


def _naive(cards: str, game: str, opts: dict) -> tuple[int, bool, int]:  # type: ignore[type-arg]
    o = dict(hand=False, announce=None, ouvert=False, points=61, tricks=5, bid=0) | opts
    return naive.game_value(naive.cards_of(CardSet.parse(cards, "skat").mask), game, o["hand"], o["announce"], o["ouvert"],
                            o["points"], o["tricks"], o["bid"])  # fmt: skip


@pytest.mark.parametrize(("row", "relevant", "absent", "game", "opts", "value", "score"), ROWS, ids=[f"row{r[0]}" for r in ROWS])
def test_section11(row: int, relevant: str, absent: str, game: str, opts: dict, value: int, score: int) -> None:  # type: ignore[type-arg]
    cards = holding(relevant, "clubs" if row == 21 else game, avoid=absent)
    r = game_value(cards, game, **opts)
    assert (r.value, r.score) == (value, score)
    assert r.won == (score > 0)
    assert _naive(cards, game, opts) == (value, score > 0, score)


def test_section11_multipliers_and_levels() -> None:
    r = game_value(holding("CJ SJ", "clubs", avoid="HJ"), "clubs", hand=True, points=70)
    assert (r.matadors, r.multiplier, r.levels) == (2, 4, ("game", "hand"))
    # row 12: every level but ouvert
    r = game_value(holding("HJ", "spades", avoid="CJ SJ DJ"), "spades", hand=True, announce="schwarz", points=120, tricks=9)
    assert r.multiplier == 8 and r.matadors == -2
    assert r.levels == ("game", "hand", "schneider", "schneider announced", "schwarz", "schwarz announced")
    # row 13: announced schneider and schneider himself: the level once (no Eigenschneider)
    r = game_value(holding("CJ", "spades", avoid="SJ"), "spades", hand=True, announce="schneider", points=25)
    assert r.multiplier == 5 and r.levels.count("schneider") == 1
    # row 18 and 19: ouvert carries all seven extra levels
    r = game_value(holding("CJ SJ", "clubs", avoid="HJ"), "clubs", ouvert=True, points=120, tricks=10)
    assert r.multiplier == 9 and len(r.levels) == 7
    # row 17: the 10 hand cards promise "without 3" = 50 >= 40; the skat's CJ makes it "with 1"
    hand10 = holding("DJ", "hearts", n=10, avoid="CJ SJ HJ")
    assert max_bid(hand10, "hearts", hand=True) == 50
    r = game_value(hand10 + " CJ " + holding("", "hearts", n=11, avoid=hand10 + " CJ").split()[-1], "hearts",
                   hand=True, points=75, bid=40)  # fmt: skip
    assert (r.matadors, r.overbid, r.won, r.score) == (1, True, False, -80)


def test_section11_row28_seeger_fabian() -> None:
    r = game_value(holding("CJ", "grand", avoid="SJ"), "grand", points=55)
    assert seeger_fabian(r.score, players=3) == (-146, 40)
    assert seeger_fabian_list([(0, r.score)], players=3) == [-146, 40, 40]


def test_row16_against_schneider_boundary() -> None:
    # 89 is a simple win and lost only by overbidding; 90 is schneider and lifts 18 to 27 >= 22
    cards = holding("SJ HJ DJ", "diamonds", avoid="CJ")
    assert game_value(cards, "diamonds", points=90, bid=22).score == 27


# --- section 6: overbidding ---------------------------------------------------------------------


def test_section6_vectors() -> None:
    without1 = holding("SJ HJ DJ", "diamonds", avoid="CJ")
    assert game_value(without1, "diamonds", points=70, bid=22).score == -54  # 18 < 22 -> 27
    assert game_value(without1, "diamonds", points=90, bid=22).score == 27  # schneider: 27 >= 22, won
    with1 = holding("CJ", "hearts", avoid="SJ")
    r = game_value(with1, "hearts", points=70, bid=24)
    assert (r.value, r.score, r.overbid) == (30, -60, True)
    # a lost game that is also overbid is charged the overbid value
    assert game_value(with1, "hearts", points=40, bid=24).score == -60


def test_null_under_the_bid_is_refused() -> None:
    cards = holding("", "null")
    with pytest.raises(ContractError, match="cannot be announced at a bid of 24"):
        game_value(cards, "null", bid=24)
    assert game_value(cards, "null", bid=23).score == 23
    assert game_value(cards, "null", ouvert=True, bid=24, tricks=0).score == 46
    with pytest.raises(ContractError):
        game_value(cards, "null", hand=True, ouvert=False, bid=36)
    with pytest.raises(ContractError, match="row 1"):
        game_values(np.array([CardSet.parse(cards, "skat").mask] * 2, dtype=np.uint64), "null", bid=[23, 24])


# --- section 8: Seeger-Fabian --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("score", "players", "declarer", "other"),
    [(18, 3, 68, 0), (18, 4, 68, 0), (20, 3, 70, 0), (20, 4, 70, 0), (-36, 3, -86, 40), (-36, 4, -86, 30),
     (-40, 3, -90, 40), (-40, 4, -90, 30), (46, 3, 96, 0), (-92, 3, -142, 40), (23, 3, 73, 0), (-46, 3, -96, 40)],
)  # fmt: skip
def test_section8_vectors(score: int, players: int, declarer: int, other: int) -> None:
    assert seeger_fabian(score, players) == (declarer, other)


def test_seeger_fabian_list_four_players() -> None:
    # the dealer who sits out also gets the 30 (every other player at the table)
    assert seeger_fabian_list([(0, -36)], players=4) == [-86, 30, 30, 30]
    with pytest.raises(ContractError):
        seeger_fabian(18, players=5)


# --- section 7: bid values ------------------------------------------------------------------------

SPEC_BIDS = (
    "18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 63 66 70 72 77 80 81 84 88 90 96 99 100 108 110 117 "
    "120 121 126 130 132 135 140 143 144 150 153 154 156 160 162 165 168 170 176 180 187 192 198 204 216 240 264"
)


def test_bid_values_are_the_spec_list() -> None:
    assert tuple(int(x) for x in SPEC_BIDS.split()) == BID_VALUES
    assert len(BID_VALUES) == 63


@pytest.mark.parametrize(("v", "nxt"), [(0, 18), (18, 20), (20, 22), (22, 23), (216, 240), (240, 264), (264, 264)])
def test_next_bid(v: int, nxt: int) -> None:
    assert next_bid(v) == nxt


def test_is_bid_value() -> None:
    assert is_bid_value(18) and is_bid_value(264) and is_bid_value(59)
    assert not any(is_bid_value(v) for v in (0, 19, 171, 189, 228, 265, -18))


def test_illegal_bid_is_rejected() -> None:
    with pytest.raises(ContractError, match="legal bid"):
        game_value(holding("CJ", "clubs"), "clubs", points=70, bid=19)


# --- contracts and outcomes -------------------------------------------------------------------------


def test_contract_validation() -> None:
    cards = holding("CJ", "clubs")
    with pytest.raises(ContractError, match="hand game"):
        game_value(cards, "clubs", announce="schneider", points=95)
    with pytest.raises(ContractError, match="null"):
        game_value(cards, "null", hand=True, announce="schneider")
    with pytest.raises(ContractError, match="announcement"):
        game_value(cards, "clubs", hand=True, announce="everything")
    with pytest.raises(ContractError, match="points"):
        game_value(cards, "clubs", points=121)
    with pytest.raises(ContractError, match="do not fit"):
        game_value(cards, "clubs", points=100, tricks=10)
    with pytest.raises(ContractError, match="do not fit"):
        game_value(cards, "clubs", points=30, tricks=0)
    with pytest.raises(InvalidCardsError, match="12 cards"):
        game_value(holding("CJ", "clubs", n=10), "clubs", points=70)
    # suit ouvert implies hand and schwarz announced
    r = game_value(cards, "clubs", ouvert=True)
    assert r.contract.hand and r.contract.announce == "schwarz" and r.won


def test_without_outcome_is_won_simply() -> None:
    cards = holding("CJ SJ", "clubs", avoid="HJ")
    assert game_value(cards, "clubs").score == 36
    assert game_value(cards, "clubs", hand=True, announce="schneider").score == 12 * 6
    assert game_value(cards, "clubs", hand=True, announce="schwarz").score == 12 * 8
    assert game_value(cards, "null").score == 23
    assert game_value(cards, "null", tricks=2).score == -46


def test_schwarz_is_by_tricks_not_points() -> None:
    cards = holding("CJ", "clubs", avoid="SJ")
    assert game_value(cards, "clubs", points=120, tricks=9).multiplier == 3  # 1 + game + schneider
    assert game_value(cards, "clubs", points=120, tricks=10).multiplier == 4
    assert game_value(cards, "clubs", points=0, tricks=1).multiplier == 3
    assert game_value(cards, "clubs", points=0, tricks=0).multiplier == 4


@pytest.mark.parametrize(
    ("points", "won", "mult"), [(61, True, 2), (60, False, 2), (89, True, 2), (90, True, 3), (31, False, 2), (30, False, 3)]
)
def test_point_thresholds(points: int, won: bool, mult: int) -> None:
    r = game_value(holding("CJ", "diamonds", avoid="SJ"), "diamonds", points=points)
    assert (r.won, r.multiplier) == (won, mult)


def test_max_bid() -> None:
    assert max_bid("JD AS 0S KS QS 9S 8S AD 8C 9C", "spades") == 44
    assert max_bid("JC JS AC KC 9C 8C AS 7H QD 8D", "grand") == 24 * 3
    assert max_bid("JC JS AC KC 9C 8C AS 7H QD 8D", "clubs", hand=True, announce="schneider") == 12 * 6
    assert max_bid("JC JS AC KC 9C 8C AS 7H QD 8D", "clubs", ouvert=True) == 12 * 9
    assert max_bid("JC JS AC KC 9C 8C AS 7H QD 8D", "null") == 23
    assert max_bid("JC JS AC KC 9C 8C AS 7H QD 8D", "null", hand=True, ouvert=True) == 59


# --- against the naive reference ------------------------------------------------------------------------

cards12 = st.lists(st.integers(0, 31), min_size=12, max_size=12, unique=True).map(lambda bs: sum(1 << b for b in bs))


@st.composite
def contracts(draw):  # type: ignore[no-untyped-def]
    game = draw(st.sampled_from(GAMES))
    hand = draw(st.booleans())
    ouvert = draw(st.booleans())
    announce = draw(st.sampled_from([None, "schneider", "schwarz"])) if hand and game != "null" else None
    tricks = draw(st.integers(0, 10))
    if tricks == 10:
        points = 120
    elif tricks == 0:
        points = draw(st.integers(0, 22))
    else:
        points = draw(st.integers(0, 120))
    bid = draw(st.sampled_from((0,) + BID_VALUES))
    return dict(game=game, hand=hand, announce=announce, ouvert=ouvert, points=points, tricks=tricks, bid=bid)


@given(cards12, contracts())
def test_game_value_matches_naive(mask: int, c: dict) -> None:  # type: ignore[type-arg]
    cards = naive.cards_of(mask)
    try:
        expected = naive.game_value(cards, c["game"], c["hand"], c["announce"], c["ouvert"], c["points"], c["tricks"], c["bid"])
    except ValueError:
        with pytest.raises(ContractError):
            game_value(mask, **c)
        return
    r = game_value(mask, **c)
    assert (r.value, r.won, r.score) == expected
    assert r.matadors == naive.matadors(cards, c["game"])


@given(cards12, st.sampled_from(GAMES))
def test_matadors_match_naive(mask: int, game: str) -> None:
    assert matadors(mask, game).signed == naive.matadors(naive.cards_of(mask), game)


def test_batch_matches_scalar() -> None:
    rng = np.random.default_rng(3)
    masks = np.array([sum(1 << int(b) for b in rng.choice(32, 12, replace=False)) for _ in range(400)], dtype=np.uint64)
    points = rng.integers(1, 120, size=400)
    bids = rng.choice(np.array(BID_VALUES[:12]), size=400)
    for g in ("diamonds", "clubs", "grand"):
        r = game_values(masks, g, hand=True, points=points, tricks=5, bid=bids)
        mats = matadors_many(masks, g)
        assert (mats == r.matadors).all()
        for i in range(0, 400, 7):
            s = game_value(int(masks[i]), g, hand=True, points=int(points[i]), tricks=5, bid=int(bids[i]))
            assert (s.matadors, s.value, s.won, s.score) == (mats[i], r.value[i], r.won[i], r.score[i])
    with pytest.raises(InvalidCardsError, match="row 0"):
        game_values(np.array([7], dtype=np.uint64), "clubs")


def test_max_bids_every_game() -> None:
    hand = "JD AS 0S KS QS 9S 8S AD 8C 9C"  # without 3 in every suit game and in grand
    from bitcards.skat import max_bids

    assert max_bids(hand) == {"diamonds": 36, "hearts": 40, "spades": 44, "clubs": 48, "grand": 96, "null": 23}
    assert max_bids(hand, hand=True)["clubs"] == 60 and max_bids(hand, hand=True)["null"] == 35


# --- sections 4 and 5: maxima, doing better than announced, null losses --------------------------------------


def test_section4_maxima() -> None:
    all_clubs = holding("CJ SJ HJ DJ CA CT CK CQ C9 C8 C7", "clubs")
    r = game_value(all_clubs, "clubs", ouvert=True)
    assert (r.multiplier, r.value) == (18, 216)
    r = game_value(holding("CJ SJ HJ DJ", "grand"), "grand", ouvert=True)
    assert (r.multiplier, r.value) == (11, 264)
    assert max(BID_VALUES) == 264 and 216 in BID_VALUES


def test_section43_better_than_announced_counts() -> None:
    cards = holding("CJ", "hearts", avoid="SJ")
    # schneider announced, and the declarer made all tricks: schwarz counts on top (not announced)
    r = game_value(cards, "hearts", hand=True, announce="schneider", points=120, tricks=10)
    assert r.won and r.multiplier == 1 + 5 and "schwarz" in r.levels and "schwarz announced" not in r.levels
    # announced schneider needs 90: 89 loses, with the announced levels
    r = game_value(cards, "hearts", hand=True, announce="schneider", points=89)
    assert (r.won, r.score) == (False, -2 * 10 * 5)


@pytest.mark.parametrize(
    ("hand", "ouvert", "lost"), [(False, False, -46), (True, False, -70), (False, True, -92), (True, True, -118)]
)
def test_section5_null_losses(hand: bool, ouvert: bool, lost: int) -> None:
    assert game_value(holding("", "null"), "null", hand=hand, ouvert=ouvert, tricks=1).score == lost


def test_batch_argument_errors() -> None:
    m = np.array([CardSet.parse(holding("CJ", "clubs"), "skat").mask] * 3, dtype=np.uint64)
    with pytest.raises(InvalidCardsError, match="points has shape"):
        game_values(m, "clubs", points=[70, 80])
    with pytest.raises(TypeError, match="float"):
        game_values(m, "clubs", points=np.array([70.0, 80.0, 90.0]))
    with pytest.raises(ContractError, match="row 2"):
        game_values(m, "clubs", points=[70, 80, 130])
    assert game_values(m, "clubs", points=[70, 80, 20]).score.tolist() == [24, 24, -72]


# --- review fixes: defaults shared by scalar and batch, range checks before int64 -----------------------


def test_schwarz_announced_needs_the_tricks_and_batch_agrees_with_scalar() -> None:
    cards = holding("CJ SJ", "clubs", avoid="HJ")
    m = np.array([CardSet.parse(cards, "skat").mask], dtype=np.uint64)
    # 120 points do not say whether the defenders took a 0-point trick: the scalar used to guess
    # 5 tricks (lost), the batch 10 tricks (won); both now ask for the tricks
    for kw in (dict(ouvert=True), dict(hand=True, announce="schwarz")):
        with pytest.raises(ContractError, match="give the declarer's tricks"):
            game_value(cards, "clubs", points=120, **kw)  # type: ignore[arg-type]
        with pytest.raises(ContractError, match="give the declarer's tricks"):
            game_values(m, "clubs", points=[120], **kw)  # type: ignore[arg-type]
        assert game_value(cards, "clubs", points=120, tricks=10, **kw).won  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "opts",
    [dict(tricks=10), dict(tricks=0), dict(points=70), dict(points=95), dict(hand=True, announce="schneider", points=95),
     dict(hand=True, announce="schwarz"), dict(ouvert=True), dict(), dict(hand=True)],
)  # fmt: skip
def test_batch_defaults_equal_scalar_defaults(opts: dict) -> None:  # type: ignore[type-arg]
    cards = holding("CJ SJ", "clubs", avoid="HJ")
    m = np.array([CardSet.parse(cards, "skat").mask], dtype=np.uint64)
    s = game_value(cards, "clubs", **opts)
    kw = {k: ([v] if k in ("points", "tricks") else v) for k, v in opts.items()}
    r = game_values(m, "clubs", **kw)
    assert (int(r.value[0]), bool(r.won[0]), int(r.score[0])) == (s.value, s.won, s.score)


def test_tricks_alone_must_be_0_or_10_in_batch_too() -> None:
    m = np.array([CardSet.parse(holding("CJ", "clubs"), "skat").mask] * 2, dtype=np.uint64)
    with pytest.raises(ContractError, match="row 1: give the declarer's card points"):
        game_values(m, "clubs", tricks=[10, 3])


def test_out_of_range_numbers_are_contract_errors_not_overflow() -> None:
    cards = holding("CJ", "clubs")
    for kw in (dict(points=2**70), dict(tricks=2**70), dict(points=70, tricks=-(2**70)), dict(bid=2**70), dict(bid=-18)):
        with pytest.raises(ContractError):
            game_value(cards, "clubs", **kw)  # type: ignore[arg-type]
    with pytest.raises(ContractError, match="tricks 0..10"):
        game_value(cards, "clubs", tricks=11)  # used to ask for the card points instead
    with pytest.raises(TypeError, match="float"):
        game_value(cards, "clubs", points=70.5)  # type: ignore[arg-type]


def test_null_points_are_range_checked_too() -> None:
    cards = holding("", "null")
    m = np.array([CardSet.parse(cards, "skat").mask], dtype=np.uint64)
    with pytest.raises(ContractError, match="0..120"):
        game_value(cards, "null", points=500)
    with pytest.raises(ContractError, match="row 0"):
        game_values(m, "null", points=[500])
    assert game_value(cards, "null", points=50).score == 23  # points do not matter in null, but must be points


def test_matadors_over_every_subset_of_the_trumps() -> None:
    # matadors depend on the trumps held only: all 2^11 (suit) and 2^4 (grand) subsets against the reference
    for g in GAMES[:5]:
        t = trump_mask(g)
        bits = [b for b in range(32) if t >> b & 1]
        masks = [sum(1 << b for i, b in enumerate(bits) if pick >> i & 1) for pick in range(1 << len(bits))]
        got = matadors_many(np.array(masks, dtype=np.uint64), g)
        assert got.tolist() == [naive.matadors(naive.cards_of(m), g) for m in masks], g
