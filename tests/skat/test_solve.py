"""The open-handed solver against a plain full minimax (tests/naive/skat_solve.py) on random endgames."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bitcards import BitcardsError, deal
from bitcards._jit import JIT_DISABLED
from bitcards.errors import ParseError, PositionError
from bitcards.skat import solve
from bitcards.skat.batch import solve as solve_many
from bitcards.skat.solver import new_table
from tests.naive import skat as rules
from tests.naive import skat_solve as naive

GAMES = rules.GAMES
DECK = [(s, r) for s in rules.SUITS for r in rules.RANKS]


def name(c: tuple[str, str]) -> str:
    """Card text in the solver's output form (rank first: 'JC')."""
    return c[1] + c[0]


def text(cards: list[tuple[str, str]]) -> str:
    return " ".join(s + r for s, r in cards)


def random_position(rng: random.Random, tricks: int, game: str | None = None) -> dict[str, object]:
    """A random endgame of ``tricks`` tricks, with a few cards already played (possibly mid-trick)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * tricks : (i + 1) * tricks] for i in range(3)]
    skat = deck[3 * tricks : 3 * tricks + 2]
    g = game or rng.choice(GAMES)
    declarer, leader = rng.randrange(3), rng.randrange(3)
    # play some cards at random (legal ones), keeping at least one card to play
    n_played = rng.randrange(min(3 * tricks - 1, 5) + 1)
    left = [list(h) for h in hands]
    played: list[tuple[str, str]] = []
    trick: list[tuple[str, str]] = []
    lead = leader
    pts = taken = lost = 0
    for _ in range(n_played):
        p = (lead + len(trick)) % 3
        c = rng.choice(rules.legal(left[p], trick[0] if trick else None, g))
        left[p].remove(c)
        played.append(c)
        trick.append(c)
        if len(trick) == 3:
            w = (lead + rules.trick_winner(trick, g)) % 3
            if w == declarer:
                taken += 1
                pts += rules.card_points(trick)
            else:
                lost += 1
            trick, lead = [], w
        if g == "null" and taken:
            break
    return {
        "hands": hands, "skat": skat, "game": g, "declarer": declarer, "leader": leader, "played": played,
        "left": left, "trick": trick, "lead": lead, "points": pts, "taken": taken, "lost": lost,
    }  # fmt: skip


def check(pos: dict[str, object]) -> None:
    hands, skat, game = pos["hands"], pos["skat"], pos["game"]
    assert isinstance(hands, list) and isinstance(skat, list) and isinstance(game, str)
    if game == "null" and pos["taken"]:
        with pytest.raises(PositionError, match="game is over"):
            solve([text(h) for h in hands], text(skat), game, pos["declarer"], pos["leader"], text(pos["played"]))  # type: ignore[arg-type]
        return
    got = solve(
        [text(h) for h in hands], text(skat), game, pos["declarer"], pos["leader"],  # type: ignore[arg-type]
        text(pos["played"]), values=True,  # type: ignore[arg-type]
    )  # fmt: skip
    want = naive.solve(
        pos["left"], skat, game, pos["declarer"], pos["lead"], pos["trick"],  # type: ignore[arg-type]
        pos["points"], pos["taken"], pos["lost"],  # type: ignore[arg-type]
    )  # fmt: skip
    assert got.points == want["points"], pos
    assert got.won == want["won"], pos
    if game != "null":
        assert (got.schneider, got.schneider_against) == (want["schneider"], want["schneider_against"]), pos
        assert (got.schwarz, got.schwarz_against) == (want["schwarz"], want["schwarz_against"]), pos
    values = want["values"]
    assert isinstance(values, dict)
    assert got.values == {name(c): v for c, v in values.items()}, pos


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_small_endgames_against_full_minimax(tricks: int) -> None:
    rng = random.Random(100 + tricks)
    for _ in range(3 if JIT_DISABLED else 20 if tricks == 3 else 60):  # plain Python without the JIT
        check(random_position(rng, tricks))


@pytest.mark.jit
@pytest.mark.parametrize("game", GAMES)
def test_three_trick_endgames_against_full_minimax(game: str) -> None:
    rng = random.Random(GAMES.index(game))
    for _ in range(400):
        check(random_position(rng, rng.randrange(1, 4), game))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_four_trick_endgames_against_full_minimax(game: str) -> None:
    rng = random.Random(40 + GAMES.index(game))
    for _ in range(50):
        check(random_position(rng, 4, game))


@pytest.mark.jit
@given(st.randoms(use_true_random=False), st.integers(1, 4), st.sampled_from(GAMES))
def test_hypothesis_endgames(rng: random.Random, tricks: int, game: str) -> None:
    check(random_position(rng, tricks, game))


def test_schwarz_needs_every_one_of_four_tricks() -> None:
    """The declarer can take all four tricks (trumps first, then the ace): schwarz, whoever leads. (The four-trick
    ending once capped a trick count at two, the most of a two-trick ending.)"""
    hands = [[("D", "A"), ("D", "J"), ("H", "T"), ("H", "7")], [("D", "8"), ("D", "Q"), ("D", "K"), ("D", "7")],
             [("D", "T"), ("H", "8"), ("H", "9"), ("D", "9")]]  # fmt: skip
    skat = [("H", "J"), ("H", "Q")]
    for lead in range(3):
        got = solve([text(h) for h in hands], text(skat), "hearts", 0, lead)
        want = naive.solve(hands, skat, "hearts", 0, lead, [], 0, 0, 0)
        assert want["schwarz"] and got.schwarz, lead
        assert (got.points, got.schwarz_against) == (want["points"], want["schwarz_against"]), lead


def test_table_is_reused_between_solves() -> None:
    tt = new_table()
    a = solve(["CJ SJ CA", "HA HT H7", "DA DT D7"], "", "clubs", 0, 0, table=tt)
    b = solve(["CJ SJ CA", "HA HT H7", "DA DT D7"], "", "clubs", 1, 0, table=tt)
    assert a.points == 57
    want = naive.solve([[("C", "J"), ("S", "J"), ("C", "A")], [("H", "A"), ("H", "T"), ("H", "7")],
                        [("D", "A"), ("D", "T"), ("D", "7")]], [], "clubs", 1, 0, [])  # fmt: skip
    assert b.points == want["points"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((["CJ SJ", "HA HT", "DA"], "", "clubs", 0, 0), "unequal size"),
        ((["CJ SJ", "HA CJ", "DA D7"], "", "clubs", 0, 0), "given twice"),
        ((["CJ SJ", "HA HT", "DA D7"], "CJ", "clubs", 0, 0), "given twice"),
        ((["CJ", "HA", "DA"], "", "clubs", 3, 0), "declarer must be a seat"),
        ((["", "", ""], "", "clubs", 0, 0), "game is over"),
        ((["CJ", "HA", "DA"], "", "clubs", 0, 0, "CJ HA DA"), "game is over"),
        ((["CJ", "HA", "DA"], "", "clubs", 0, 0, "HA"), "not in the hand of seat 0"),
        ((["CJ C7", "HA C8", "DA D7"], "", "clubs", 0, 0, "CJ HA"), "does not follow suit"),
        ((["H7 HA", "H8 S7", "H9 D7"], "", "null", 0, 0, "HA H8 H9 H7"), "after the end of the game"),
    ],
)
def test_bad_positions(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(PositionError, match=message) as e:
        solve(*args)  # type: ignore[arg-type]
    assert isinstance(e.value, BitcardsError) and isinstance(e.value, ValueError)


def test_unknown_game() -> None:
    with pytest.raises(ParseError, match="unknown game"):
        solve(["CJ", "HA", "DA"], "", "bridge", 0, 0)


def whole_deals(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    hands = np.zeros((n, 3), dtype=np.uint64)
    skats = np.zeros(n, dtype=np.uint64)
    for i in range(n):
        perm = rng.permutation(32)
        for p in range(3):
            hands[i, p] = sum(1 << int(b) for b in perm[p * 10 : (p + 1) * 10])
        skats[i] = sum(1 << int(b) for b in perm[30:])
    return hands, skats


@pytest.mark.jit
def test_solve_many_matches_solve() -> None:
    hands, skats = whole_deals(24, 7)
    games = np.arange(24) % 6
    decl = np.arange(24) % 3
    lead = (np.arange(24) // 3) % 3
    got = solve_many(hands, skats, games, decl, lead)
    for i in range(24):
        r = solve([int(h) for h in hands[i]], int(skats[i]), int(games[i]), int(decl[i]), int(lead[i]))
        assert got[i] == (r.points if r.points is not None else int(r.won))


def test_solve_many_bad_rows() -> None:
    hands, skats = whole_deals(3, 1)
    hands[1, 0] = hands[1, 1]
    with pytest.raises(BitcardsError, match="row 1"):
        solve_many(hands, skats, 0)
    with pytest.raises(BitcardsError, match="row 0: game 7"):
        solve_many(hands[:1], skats[:1], 7)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["clubs", "grand"])
def test_five_and_six_trick_endgames_against_plain_alphabeta(game: str) -> None:
    """Deeper trees (where the table and the cutoffs matter more) against the plain alpha-beta of tests/naive."""
    rng = random.Random(50 + GAMES.index(game))
    for _ in range(60):
        pos = random_position(rng, rng.choice([5, 6]), game)
        left, trick = pos["left"], pos["trick"]
        assert isinstance(left, list) and isinstance(trick, list)
        got = solve(
            [text(h) for h in pos["hands"]], text(pos["skat"]), game, pos["declarer"], pos["leader"],  # type: ignore[arg-type]
            text(pos["played"]),  # type: ignore[arg-type]
        )  # fmt: skip
        future = naive.alphabeta(left, game, pos["declarer"], pos["lead"], trick, -1, 121, {})  # type: ignore[arg-type]
        assert got.points == pos["points"] + rules.card_points(pos["skat"]) + future, pos  # type: ignore[operator]


@pytest.mark.parametrize("game", ["clubs", "diamonds", "grand"])
def test_top_trump_bounds_hold_the_minimax_value(game: str) -> None:
    """The bounds the search takes from the top trumps contain the plain minimax value, and are not all trivial."""
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _POINTS, _in_order, _make_ctx, _sure_trumps

    rng = random.Random(70 + GAMES.index(game))
    tight = 0
    for _ in range(150):
        tricks = rng.choice([1, 2, 3])
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[i * tricks : (i + 1) * tricks] for i in range(3)]
        declarer, lead = rng.randrange(3), rng.randrange(3)
        masks = [sum(1 << (rules.SUITS.index(s) * 8 + rules.RANKS.index(r)) for s, r in h) for h in hands]
        ctx = _make_ctx(parse_game(game), declarer, _POINTS, *masks)
        rem = np.uint64(masks[0] | masks[1] | masks[2])
        total = rules.card_points([c for h in hands for c in h])
        lo, hi = _sure_trumps(ctx, _in_order(rem, parse_game(game)), np.int64(total))
        value = naive.value(hands, game, declarer, lead, [], "points")
        assert lo <= value <= hi, (hands, declarer, lead, lo, hi, value)
        tight += lo > 0 or hi < total
    assert tight > 20


@pytest.mark.parametrize("game", ["hearts", "clubs", "grand"])
def test_table_keys_merge_only_positions_of_equal_value(game: str) -> None:
    """Positions of one deal that share a table key (the 9 8 7 runs and the jacks moved up to their top places) have
    the same value under the plain minimax; and such merges happen. Also: a card moved into the key's places and back
    is itself."""
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _KEY_BITS, _POINTS, _make_ctx, _map_card, _tt_hash, _tt_key

    unhash = pow(0x9E3779B97F4A7C15, -1, 1 << _KEY_BITS)

    rng = random.Random(80 + GAMES.index(game))
    pool = [c for c in DECK if c[1] == "J" or c[0] in "HS"]  # jacks, hearts, spades: many cards of equal points in a row
    merged = 0
    for _ in range(4):
        rng.shuffle(pool)
        hands = [pool[i * 4 : (i + 1) * 4] for i in range(3)]
        masks = [sum(1 << (rules.SUITS.index(s) * 8 + rules.RANKS.index(r)) for s, r in h) for h in hands]
        declarer = rng.randrange(3)
        ctx = _make_ctx(parse_game(game), declarer, _POINTS, *masks)
        groups: dict[int, list[tuple[list[list[tuple[str, str]]], int]]] = {}
        for gone in itertools.product(range(4), repeat=3):  # one card of each hand played: 64 three-trick positions
            left = [[c for j, c in enumerate(h) if j != k] for h, k in zip(hands, gone)]
            rem = sum(1 << (rules.SUITS.index(s) * 8 + rules.RANKS.index(r)) for h in left for s, r in h)
            for lead in range(3):
                key = int(_tt_key(ctx, np.uint64(rem), lead))
                # the table keeps a key as its hash's place and check word: the hash must give the key back
                assert key >> _KEY_BITS == 0
                assert int(_tt_hash(np.uint64(key))) * unhash % (1 << _KEY_BITS) == key
                groups.setdefault(key, []).append((left, lead))
            for c in range(32):
                if rem >> c & 1:
                    assert _map_card(ctx, np.uint64(rem), _map_card(ctx, np.uint64(rem), c, True), False) == c
        for members in groups.values():
            if len(members) > 1:
                merged += 1
                values = {naive.value(left, game, declarer, lead, [], "points") for left, lead in members}
                assert len(values) == 1, (game, members, values)
    assert merged > 5


def _plain_key(ctx: np.ndarray, rem: int, lead: int) -> int:
    """The table key of a card-point search spelled out with plain PEXT and PDEP (the definition the solver's per-deal
    tables compute without them): the A T K Q in play, then the owner planes of each run's cards moved up to its top
    places, then the leader."""
    from bitcards._bits import pdep, pext
    from bitcards.skat.solver import _JACKS, _LOW, _RUNS, _SINGLE, _TOP_JACKS, _TOP_LOW

    rl, rj = rem & _LOW, rem & _JACKS
    cl, cj = int(_TOP_LOW[pext(rl, _LOW)]), int(_TOP_JACKS[rj.bit_count()])
    planes = [pdep(pext(int(q), rl), cl) | pdep(pext(int(q), rj), cj) for q in (ctx[8], ctx[9])]
    return pext(rem, _SINGLE) | pext(planes[0], _RUNS) << 16 | pext(planes[1], _RUNS) << 32 | lead << 48


@pytest.mark.parametrize("game", ["diamonds", "clubs", "grand"])
def test_table_keys_are_the_runs_moved_up(game: str) -> None:
    """The solver builds each deal's key from small tables (a part per suit's 9 8 7 and per set of jacks in play) and
    shifts: the same key as spelled out with PEXT and PDEP, on thousands of positions; and a card's place among the
    key's is where PDEP puts it."""
    from bitcards._bits import pdep, pext
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _JACKS, _LOW, _POINTS, _TOP_JACKS, _TOP_LOW, _make_ctx, _map_card, _tt_key

    rng = random.Random(7 + GAMES.index(game))
    for d in deal(40, "skat", seed=5 + GAMES.index(game)):
        masks = [int(x) for x in d[:3]]
        ctx = _make_ctx(parse_game(game), rng.randrange(3), _POINTS, *masks)
        full = masks[0] | masks[1] | masks[2]
        for _ in range(50):
            rem = sum(1 << c for c in range(32) if full >> c & 1 and rng.random() < 0.6)
            lead = rng.randrange(3)
            assert int(_tt_key(ctx, np.uint64(rem), lead)) == _plain_key(ctx, rem, lead), (game, hex(rem), lead)
            for c in (c for c in range(32) if rem >> c & 1 and (1 << c) & (_LOW | _JACKS)):
                run = rem & (_LOW if (1 << c) & _LOW else _JACKS)
                top = int(_TOP_LOW[pext(run, _LOW)]) if (1 << c) & _LOW else int(_TOP_JACKS[run.bit_count()])
                assert _map_card(ctx, np.uint64(rem), c, True) == (pdep(pext(1 << c, run), top)).bit_length() - 1


@pytest.mark.parametrize("game", ["clubs", "hearts", "grand"])
def test_declarer_run_bound_holds_the_minimax_value(game: str) -> None:
    """The points the search credits the leading declarer with (top trumps, then masters the defenders cannot ruff)
    are at most the plain minimax value, and often more than the top trumps alone give."""
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _POINTS, _declarer_run, _in_order, _make_ctx, _sure_trumps

    rng = random.Random(90 + GAMES.index(game))
    better = 0
    for _ in range(200):
        tricks = rng.choice([1, 2, 3, 4])
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[i * tricks : (i + 1) * tricks] for i in range(3)]
        declarer = rng.randrange(3)
        masks = [sum(1 << (rules.SUITS.index(s) * 8 + rules.RANKS.index(r)) for s, r in h) for h in hands]
        g = parse_game(game)
        ctx = _make_ctx(g, declarer, _POINTS, *masks)
        rem = masks[0] | masks[1] | masks[2]
        lo = _declarer_run(ctx, _in_order(np.uint64(rem), g))
        value = naive.value(hands, game, declarer, declarer, [], "points")
        assert lo <= value, (hands, declarer, lo, value)
        better += lo > _sure_trumps(ctx, _in_order(np.uint64(rem), g), np.int64(120))[0]
    assert better > 20


def _same_shape_places(rng: random.Random, ctx: np.ndarray, game: int, left: int) -> int | None:
    """Other cards in play (search order) of the same shape as ``left``: in each group (the trumps, each suit) as many
    cards with the same owners in order (None if there is no other choice)."""
    from bitcards.skat.solver import _ORDER_GROUP

    hands = [int(ctx[10 + p]) for p in range(3)]
    owner = {i: p for p in range(3) for i in range(32) if hands[p] >> i & 1}
    out = 0
    for g in range(5):
        places = [i for i in range(32) if _ORDER_GROUP[game, i] == g and i in owner]  # (not the skat's cards)
        mine = [i for i in places if left >> i & 1]
        options = [x for x in itertools.combinations(places, len(mine)) if [owner[i] for i in x] == [owner[i] for i in mine]]
        out |= sum(1 << i for i in rng.choice(options))
    return out if out != left else None


def _held(game: int, masks: list[int], places: int) -> list[list[tuple[str, str]]]:
    """Each hand's cards among the search-order places ``places``, as card tuples."""
    from bitcards.skat.solver import _ORDER

    cards = {int(_ORDER[game, i]) for i in range(32) if places >> i & 1}
    return [[(rules.SUITS[c // 8], rules.RANKS[c % 8]) for c in sorted(cards) if masks[p] >> c & 1] for p in range(3)]


@pytest.mark.parametrize("game", ["clubs", "hearts", "grand"])
def test_shape_shift_bounds_the_minimax_value(game: str) -> None:
    """Two trick boundaries of one deal with the same shape (in each group, the trumps and each suit, as many cards,
    owned by the same players in order) have plain minimax values no further apart than the shape shift says."""
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _POINTS, _make_ctx, _same_shape, _shape_hash, _shape_shift

    g = parse_game(game)
    rng = random.Random(90 + GAMES.index(game))
    pairs = shifted = 0
    while pairs < 40:
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[10 * p : 10 * p + 10] for p in range(3)]
        masks = [sum(1 << (rules.SUITS.index(s) * 8 + rules.RANKS.index(r)) for s, r in h) for h in hands]
        ctx = _make_ctx(g, rng.randrange(3), _POINTS, *masks)
        k = rng.choice([2, 3])
        left = 0
        for p in range(3):  # k cards of each hand
            mine = [i for i in range(32) if int(ctx[10 + p]) >> i & 1]
            rng.shuffle(mine)
            left |= sum(1 << i for i in mine[:k])
        other = _same_shape_places(rng, ctx, g, left)
        if other is None:
            continue
        ra, rb = np.uint64(left), np.uint64(other)
        lead = rng.randrange(3)
        assert _same_shape(ctx, ra, rb)
        assert _shape_hash(ctx, ra, lead) == _shape_hash(ctx, rb, lead)
        up, down = _shape_shift(ctx, ra, rb)

        va = naive.value(_held(g, masks, left), game, int(ctx[1]), lead, [], "points")
        vb = naive.value(_held(g, masks, other), game, int(ctx[1]), lead, [], "points")
        assert va - down <= vb <= va + up, (game, _held(g, masks, left), _held(g, masks, other), va, vb, up, down)
        pairs += 1
        shifted += up + down > 0
    assert shifted > pairs // 3


def test_shapes_differ_when_an_owner_differs() -> None:
    from bitcards.notation import parse_mask
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _POINTS, _in_order, _make_ctx, _same_shape, _shape_shift

    g = parse_game("clubs")
    hands = ["CJ SJ HA HK H7 SA ST S7 D9 D8", "HJ DJ HT HQ SK SQ S9 DA DK D7", "CA CT CK CQ C9 C8 C7 H9 H8 S8"]
    ctx = _make_ctx(g, 0, _POINTS, *[parse_mask(h, "skat") for h in hands])
    o = lambda t: np.uint64(_in_order(np.uint64(parse_mask(t, "skat")), g))  # noqa: E731
    assert _same_shape(ctx, o("HA HT H9 CJ"), o("HK HQ H8 CJ"))  # hearts owned 0 1 2 in order both times
    assert not _same_shape(ctx, o("HA HT H9"), o("HA HK H9"))  # the second heart's owner differs
    assert _same_shape(ctx, o("CJ HA"), o("SJ HA")) and _shape_shift(ctx, o("CJ HA"), o("SJ HA")) == (0, 0)
    assert not _same_shape(ctx, o("CJ HA"), o("HJ HA"))  # the trump's owner differs
    assert _shape_shift(ctx, o("CA CK CJ"), o("CT C7 CJ")) == (0, 1 + 4)  # trumps too: A 11 -> T 10, K 4 -> 7 0
    assert not _same_shape(ctx, o("HA HT"), o("HA HT H9"))  # as many cards a suit
    assert _shape_shift(ctx, o("HA HT H9"), o("HK HQ H8")) == (0, 11 - 4 + 10 - 3)  # A 11 -> K 4, T 10 -> Q 3


@pytest.mark.slow
@pytest.mark.parametrize("game", ["clubs", "grand"])
def test_shape_table_changes_no_answer(game: str) -> None:
    """Whole deals solved with and without the shape table: the same points and the same value of every lead, and
    fewer nodes with it."""
    from bitcards.deal import deal
    from bitcards.skat.rules import parse_game
    from bitcards.skat.solver import _POINTS, _card_values, _make_ctx, _new_buf, _solve_node

    g = parse_game(game)
    tt, buf = new_table(), _new_buf()
    nodes = [0, 0]
    for i, d in enumerate(deal(30, "skat", seed=5)):
        got = []
        for off in (0, 1):
            ctx = _make_ctx(g, i % 3, _POINTS, *[np.int64(x) for x in d[:3]])
            ctx[13] = off
            rem = np.uint64(int(d[0]) | int(d[1]) | int(d[2]))
            v = _solve_node(ctx, tt, buf, rem, 0, 0, -1, -1, 61)
            out = np.zeros(32, dtype=np.int64)
            _card_values(ctx, tt, buf, rem, 0, 0, -1, -1, out)
            got.append((int(v), out.tolist()))
            nodes[off] += int(ctx[7])
        assert got[0] == got[1], (game, i)
    assert nodes[0] < nodes[1]
