"""The Jass card-play challenge's six example deals, parsed exactly as it writes them (winner brackets included)."""

from __future__ import annotations

import pytest

from bitcards.jass import check, parse_record
from bitcards.jass.demo import SEED_EXAMPLES
from tests.jass.seed import ALL, FALSY, FALSY_1, FALSY_2, SEED_PATH, TRUTHY, TRUTHY_2, bracketed_winners
from tests.naive import jass as naive


def test_copies_are_verbatim_from_the_challenge() -> None:
    text = SEED_PATH.read_text(encoding="utf-8")
    for block in ALL:
        assert block in text
    assert [t for _, t in SEED_EXAMPLES] == ALL


@pytest.mark.parametrize("text", [t for t in TRUTHY if t is not TRUTHY_2])
def test_truthy_examples_are_legal(text: str) -> None:
    v = check(text)
    assert v.legal and bool(v) and str(v) == "true"
    assert v.trick is None and v.column is None and v.allowed is None


def test_truthy_example_2_is_illegal_at_trick_5_column_3() -> None:
    # The seed labels this record truthy, but it breaks the seed's own rules table: in trick 5 (clubs
    # trump) column 2 leads dK, and column 3 plays h8 while it still holds dJ (played in trick 9).
    # Column 3 could follow diamonds and neither followed nor trumped. The brief says: follow the rules,
    # and the spec page (specs/jass.md) pins this exact verdict.
    v = check(TRUTHY_2)
    assert not v.legal
    assert (v.trick, v.column, v.card) == (5, 3, "h8")
    assert "dJ" in v.allowed and "h8" not in v.allowed
    # the only allowed cards: the diamond it holds, or trumping in (no trump in the trick yet)
    assert sorted(v.allowed.names()) == ["cA", "dJ"]


def test_falsy_example_1_undertrump_in_trick_3() -> None:
    # "In the third trick here the second player undertrumped when it could be avoided"
    v = check(FALSY_1)
    assert not v.legal and v.trick == 3
    assert v.card == "dK"  # dK is below d9 in diamonds' trump order
    assert "dJ" in v.allowed  # the overtrump it held


def test_falsy_example_2_did_not_follow_in_trick_7() -> None:
    # "In the seventh trick the fourth player did not follow suit"
    v = check(FALSY_2)
    assert not v.legal and (v.trick, v.column, v.card) == (7, 4, "s9")
    assert v.allowed.names() == ["cT"]


@pytest.mark.parametrize("text", FALSY)
def test_falsy_examples_are_illegal(text: str) -> None:
    assert not check(text).legal


@pytest.mark.parametrize("text", ALL)
def test_winners_match_the_seeds_brackets_and_points_total_157(text: str) -> None:
    v = check(text)
    assert list(v.winners) == bracketed_winners(text)
    assert sum(v.points) == 157


@pytest.mark.parametrize("text", ALL)
def test_matches_the_plain_reference(text: str) -> None:
    lines = text.splitlines()
    contract = lines[0]
    matrix = [line.replace("(", " ").replace(")", " ").split() for line in lines[1:]]
    ref = naive.check(matrix, contract)
    v = check(text)
    assert v.legal == ref["legal"]
    assert list(v.winners) == ref["winners"] and list(v.points) == ref["points"]
    if not ref["legal"]:
        assert (v.trick, v.column, v.card) == (ref["trick"], ref["column"], ref["card"])
        assert sorted(v.allowed.names()) == ref["allowed"]


def test_example_1_first_tricks_as_the_seed_describes() -> None:
    # "The first player leads h9 and it wins the trick, so he leads the second trick with h6. That is won
    # by the third player with hJ, so he leads to the third trick with sA."
    code, rec = parse_record(TRUTHY[0])
    v = check(TRUTHY[0])
    assert code == 1 and v.winners[:2] == (1, 3)


def test_demo_tour_one_line_each() -> None:
    from bitcards.jass.demo import tour

    out: list[str] = []
    tour(out.append)
    assert len(out) == 7 and "Jass card-play challenge" in out[0]
    out = out[1:]
    assert [("): true;" in line) for line in out] == [True, False, True, True, False, False]


@pytest.mark.parametrize(
    ("text", "violations"),
    [
        (TRUTHY[0], []),
        (TRUTHY_2, [(5, 3)]),  # the pinned contradiction (see above); nothing else is wrong in it
        (TRUTHY[2], []),
        (TRUTHY[3], []),
        (FALSY_1, [(3, 2)]),  # "the second player undertrumped ... All other plays are legal."
        (FALSY_2, [(7, 4)]),  # "In the seventh trick the fourth player did not follow suit"
    ],
)
def test_every_play_judged_alone(text: str, violations: list[tuple[int, int]]) -> None:
    # each play on its own, leaders taken from the seed's own brackets: only the named plays are illegal
    from bitcards.jass import legal_cards_mask, mask

    lines = text.splitlines()
    matrix = [line.replace("(", " ").replace(")", " ").split() for line in lines[1:]]
    leaders = [1] + bracketed_winners(text)[:-1]
    bad = []
    for t in range(9):
        trick: list[str] = []
        for j in range(4):
            p = (leaders[t] - 1 + j) % 4
            hand = mask(" ".join(matrix[u][p] for u in range(t, 9)))
            if not legal_cards_mask(hand, trick, lines[0]) & mask(matrix[t][p]):
                bad.append((t + 1, p + 1))
            trick.append(matrix[t][p])
    assert bad == violations
