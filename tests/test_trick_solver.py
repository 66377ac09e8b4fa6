"""The pruning of the shared Euchre/Jass open-hand search, checked piece by piece against the plain minimax.

Every bound the search cuts with must hold on every position: the static bounds at a trick
boundary (what is still at stake, narrowed by the trumps one team is sure of) must enclose the
exact value the plain minimax of tests/naive finds.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from bitcards import _trick_solver as ts
from bitcards.notation import parse_mask
from tests.naive import euchre as euchre_naive
from tests.naive import euchre_solve, jass_solve
from tests.naive import jass as jass_naive

JASS_DECK = [s + r for s in jass_naive.SUITS for r in jass_naive.RANKS]
EARLIER = [(0, 0), (1, 0), (0, 2), (3, 3)]


def _ctx(game: int, variant: int, masks: list[int]) -> np.ndarray:
    return ts.make_ctx(game, variant, -1, *masks)


def _rem(ctx: np.ndarray) -> np.uint64:
    """The cards in the hands, as the search holds them (Euchre's in its own layout)."""
    return np.uint64(np.bitwise_or.reduce(ctx[ts._H0 : ts._H0 + 4]))


def _jass_value(hands: list[list[str]], contract: str, leader: int, earlier: tuple[int, int]) -> int:
    """The search's value (team 0's card points, plus or minus half the match bonus) from the plain minimax."""
    p0, p1 = jass_solve.outcome(hands, contract, leader, earlier)
    total = sum(jass_naive.card_points(c, contract) for h in hands for c in h) + 5
    if p0 + p1 == total + ts.MATCH_BONUS:
        return total + ts.MATCH_BONUS // 2 if p0 else -ts.MATCH_BONUS // 2
    return p0


def check_fail_soft(v: int, got: int, a: int, b: int, what: object) -> None:
    """``got``, a fail-soft search's result in the window ``a..b``: exact inside it, a true bound on the side it fails to."""
    if got <= a:
        assert v <= got, (what, a, b, got, v)
    elif got >= b:
        assert v >= got, (what, a, b, got, v)
    else:
        assert v == got, (what, a, b, got, v)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_jass_static_bounds_enclose_the_value(k: int) -> None:
    rng = random.Random(40 + k)
    narrowed = 0
    for _ in range(150):
        cards = rng.sample(JASS_DECK, 4 * k)
        hands = [cards[i * k : (i + 1) * k] for i in range(4)]
        ct, leader, earlier = rng.randrange(6), rng.randrange(4), rng.choice(EARLIER)
        masks = [parse_mask(" ".join(h), "jass") for h in hands]
        ctx = _ctx(ts.JASS, ct, masks)
        rem = np.uint64(sum(masks))
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        opn = ts._mask_points(ctx, rem)
        lo, hi = ts._bounds(ctx, rem, np.uint64(0), flags, opn)
        v = _jass_value(hands, "dhscou"[ct], leader, earlier)
        assert lo <= v <= hi, (hands, ct, leader, earlier, lo, v, hi)
        trivial_lo = 0 if flags & 1 else -ts.MATCH_BONUS // 2
        trivial_hi = opn + 5 + (0 if flags & 2 else ts.MATCH_BONUS // 2)
        narrowed += lo > trivial_lo or hi < trivial_hi
    assert narrowed > 20  # the sure trumps do narrow the range


def test_endings_try_the_weakest_card_first_in_every_contract() -> None:
    # the bits run 6 7 8 9 T J Q K A in each suit: the weakest card is the lowest bit, in Undenufe the highest
    m = np.uint64(parse_mask("s6 s9 sA", "jass"))
    assert ts._first(m, False, np.uint64(0)) == int(np.log2(parse_mask("s6", "jass")))
    assert ts._first(m, True, np.uint64(0)) == int(np.log2(parse_mask("sA", "jass")))
    z = np.uint64(0)
    c, f, g = ts._take(z, m, True, z, z, z)
    assert (c, f, g) == (int(np.log2(parse_mask("sA", "jass"))), 0, parse_mask("s6 s9", "jass"))


def _ending_order(ctx, hand: str, led: str, best: str, winning: bool) -> list[str]:  # type: ignore[no-untyped-def]
    """The order in which an ending tries a follower's legal cards (:func:`ts._split`, :func:`ts._take`)."""
    var = int(ctx[ts._VARIANT])
    w = int(np.log2(parse_mask(best, "jass")))
    ld = int(ts._SUIT[var, int(np.log2(parse_mask(led, "jass")))])
    m = np.uint64(parse_mask(hand, "jass"))
    f, g, fa, fb = ts._split(ctx, m, ld, w, winning)
    out = []
    while f | g:
        c, f, g = ts._take(f, g, False, ts._LATE[var], fa, fb)
        out.append(jass_naive.name(int(c)))
    return out


def test_endings_put_points_on_their_own_trick_and_take_tricks_in_the_led_suit_first() -> None:
    # hearts are trumps; a spade led. On its side's trick (seat 0's spade ace) seat 2 puts on its ten (10 points),
    # then its king (4), then the six, its trump (which would take the trick) last; against the other side's
    # spade nine (seat 0) seat 1 tries the cards that take the trick, the spade queen before its trump, then the rest
    hands = ("s9 sA c6 c7", "s7 sQ h6 d6", "s6 sT sK hJ", "c8 c9 d7 d8")
    ctx = _ctx(ts.JASS, 1, [parse_mask(h, "jass") for h in hands])
    assert _ending_order(ctx, "s6 sT sK hJ", "sA", "sA", True) == ["sT", "sK", "s6", "hJ"]
    assert _ending_order(ctx, "s7 sQ h6", "s9", "s9", False) == ["sQ", "h6", "s7"]


@pytest.mark.parametrize("contract", range(6))
def test_endings_take_each_suit_from_the_weakest_card_up(contract: int) -> None:
    # picked one at a time, a whole suit's cards come weakest first by the plain rules' strength in every contract:
    # Obenabe's by bit, Undenufe's the other way, a trump suit's 6 7 8 T Q K A 9 J (its nine and jack, the two
    # strongest, sit in the middle of the bits: ts._LATE holds them back)
    var = 4 + contract
    name = "dhscou"[contract]
    for s in range(4):
        m = np.uint64(511 << (9 * s))
        picked = []
        while m:
            c = int(ts._first(m, var == ts._UNDENUFE, ts._LATE[var]))
            picked.append(jass_naive.name(c))
            m &= ~np.uint64(1 << c)
        assert picked == sorted(picked, key=lambda card: jass_naive.strength(card, name)), (name, s, picked)


def test_leads_go_by_the_share_of_their_tries_that_cut_off() -> None:
    # relative history: a lead that cut off on each of its 5 tries comes before one that cut off 10 times in 100
    # tries (by the count of cut-offs alone it would come after), a lead never tried comes last, and a trump lead
    # comes before every other lead whatever its counts (hearts are trumps here)
    ctx = _ctx(ts.JASS, 1, [parse_mask(h, "jass") for h in ("s6 sA", "s7 hK", "s8 c9", "s9 d6")])
    a, b, t, never = (int(np.log2(parse_mask(c, "jass"))) for c in ("sA", "s7", "hK", "c9"))
    k = 2
    for c, cuts, tries in ((a, 10, 100), (b, 5, 5), (t, 0, 100)):
        ctx[ts._hist_slot(k, c)] = cuts
        ctx[ts._tries_slot(k, c)] = tries
    order = {c: int(ts._lead_order(ctx, c, k)) for c in (a, b, t, never)}
    assert order[t] > order[b] > order[a] > order[never], order
    # the endings pick the same way (comparing the shares without dividing)
    left = [t, b, a, never]
    while left:
        m = np.uint64(sum(1 << c for c in left))
        assert int(ts._top_leads(ctx, m, k)) == 1 << left[0], left
        left.pop(0)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_euchre_static_bounds_enclose_the_value(k: int) -> None:
    rng = random.Random(50 + k)
    narrowed = 0
    for _ in range(200):
        cards = rng.sample(euchre_naive.DECK, 4 * k)
        hands = [cards[i * k : (i + 1) * k] for i in range(4)]
        trump, leader = rng.randrange(4), rng.randrange(4)
        masks = [parse_mask(" ".join(h), "euchre") for h in hands]
        ctx = _ctx(ts.EUCHRE, trump, masks)
        lo, hi = ts._bounds(ctx, _rem(ctx), np.uint64(0), 3, 0)
        v = euchre_solve.tricks(hands, "dhsc"[trump], leader)
        assert lo <= v <= hi, (hands, trump, leader, lo, v, hi)
        narrowed += lo > 0 or hi < k
    assert narrowed > 20


def test_sure_trumps_count_tricks_per_hand() -> None:
    # hearts trump: team 0 holds hJ h9 hA (the three highest), two of them in seat 0's hand: two sure tricks
    # (seat 2's ace may fall on seat 0's lead), the jack, nine and ace's points (20 + 14 + 11) for sure
    masks = [parse_mask(h, "jass") for h in ("hJ h9 d6", "hK d7 d8", "hA s6 s7", "hQ c6 c7")]
    ctx = _ctx(ts.JASS, 1, masks)
    assert tuple(ts._sure_trumps(ctx, np.uint64(sum(masks)))) == (0, 2, 45)
    # Obenabe: no trump, nothing is sure
    ctx = _ctx(ts.JASS, 4, masks)
    assert ts._sure_trumps(ctx, np.uint64(sum(masks)))[0] == -1


@pytest.mark.parametrize("k", [2, 3])
def test_endings_fail_soft_against_the_minimax(k: int) -> None:
    # the two- and three-trick endings' own alpha-beta: exact inside the window, a true bound on the side it fails to
    ending = ts._two_tricks if k == 2 else ts._three_tricks
    rng = random.Random(60 + k)
    for i in range(300 if k == 2 else 120):
        cards = rng.sample(JASS_DECK, 4 * k)
        hands = [cards[k * s : k * s + k] for s in range(4)]
        ct, leader, earlier = rng.randrange(6), rng.randrange(4), rng.choice(EARLIER)
        masks = [parse_mask(" ".join(h), "jass") for h in hands]
        ctx = _ctx(ts.JASS, ct, masks)
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        v = _jass_value(hands, "dhscou"[ct], leader, earlier)
        a = rng.randrange(-60, 120) if i % 3 else -1000
        b = a + rng.randrange(1, 40) if i % 3 else 1000
        got = ending(ctx, np.uint64(sum(masks)), leader, flags, a, b)
        check_fail_soft(v, got, a, b, (hands, ct, leader))


def test_jass_two_trick_cache_gives_back_each_value_it_keeps() -> None:
    # the two-trick cache keeps each ending's key and exact value in one word (the value in its top nine bits): asked
    # again in the same solve, an ending answers from the cache, and that answer must be the plain minimax's value over
    # the whole range a two-trick ending has, from a match lost (-50) to one won with the highest cards (the top bit
    # of the word set). The hands are drawn from the cards of most points, so that both ends of the range come up.
    rng = random.Random(66)
    rich = [c for c in JASS_DECK if c[1] in "AT9JK"]
    values = []
    for _ in range(150):
        cards = rng.sample(rich, 8)
        hands = [cards[2 * s : 2 * s + 2] for s in range(4)]
        ct, leader, earlier = rng.randrange(6), rng.randrange(4), rng.choice(EARLIER)
        masks = [parse_mask(" ".join(h), "jass") for h in hands]
        ctx = _ctx(ts.JASS, ct, masks)
        tt = ts.new_table(4)
        ts.next_generation(ctx, tt)
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        v = _jass_value(hands, "dhscou"[ct], leader, earlier)
        rem = np.uint64(sum(masks))
        top = ts._mask_points(ctx, rem)
        first = ts._two_known(ctx, rem, top, leader, flags, -1000, 1000)  # solved, then kept
        again = ts._two_known(ctx, rem, top, leader, flags, -1000, 1000)  # read back from the cache
        assert first == again == v, (hands, ct, leader, earlier)
        values.append(v)
    assert min(values) == -ts.MATCH_BONUS // 2 and max(values) + ts._OFF >= 256


@pytest.mark.parametrize("k", [2, 3])
def test_endings_euchre_alone_against_the_minimax(k: int) -> None:
    ending = ts._two_tricks if k == 2 else ts._three_tricks
    rng = random.Random(62 + k)
    for _ in range(200):
        alone = rng.randrange(4)
        out = (alone + 2) % 4
        cards = rng.sample(euchre_naive.DECK, 3 * k)
        hands: list[list[str]] = [[], [], [], []]
        for j, s in enumerate(s for s in range(4) if s != out):
            hands[s] = cards[k * j : k * j + k]
        trump = rng.randrange(4)
        leader = rng.choice([s for s in range(4) if s != out])
        masks = [parse_mask(" ".join(h), "euchre") for h in hands]
        ctx = ts.make_ctx(ts.EUCHRE, trump, out, *masks)
        got = ending(ctx, _rem(ctx), leader, 3, -1, k + 1)
        assert got == euchre_solve.tricks(hands, "dhsc"[trump], leader, alone), (hands, trump, leader, alone)


def test_euchre_legal_cards_are_the_rules() -> None:
    # the search follows suit from a table of the suits each card counts as (in its own layout of the cards): the same
    # cards as Euchre's legal_mask
    from bitcards.euchre.rules import legal_mask

    rng = random.Random(7)
    for _ in range(3000):
        trump = rng.randrange(4)
        ctx = ts.make_ctx(ts.EUCHRE, trump, -1, 0, 0, 0, 0)
        cards = rng.sample(range(24), rng.randint(2, 6))
        lead, hand = cards[0], sum(1 << c for c in cards[1:])
        want = ts.euchre_cards(trump, legal_mask(np.uint64(hand), lead, trump))
        h, ld = ts.euchre_cards(trump, hand), int(ts._EUCHRE_PERM[trump, lead])
        assert int(ts._legal(ctx, h, ld, int(ts._SUIT[ts._EUCHRE, ld]), ld)) == want, (cards, trump)
        assert int(ts._legal(ctx, h, -1, -1, -1)) == h


@pytest.mark.parametrize("k", [2, 3])
def test_endings_euchre_fail_soft_against_the_minimax(k: int) -> None:
    # every window, including those outside the tricks at stake (the two-trick ending settles them at once)
    ending = ts._two_tricks if k == 2 else ts._three_tricks
    rng = random.Random(70 + k)
    for _ in range(300):
        cards = rng.sample(euchre_naive.DECK, 4 * k)
        hands = [cards[k * s : k * s + k] for s in range(4)]
        trump, leader = rng.randrange(4), rng.randrange(4)
        masks = [parse_mask(" ".join(h), "euchre") for h in hands]
        v = euchre_solve.tricks(hands, "dhsc"[trump], leader)
        for a in range(-2, k + 2):
            for b in range(a + 1, k + 3):
                ctx = _ctx(ts.EUCHRE, trump, masks)
                got = ending(ctx, _rem(ctx), leader, 3, a, b)
                check_fail_soft(v, got, a, b, (hands, trump, leader))


def _euchre_order(trump: str) -> dict[str, list[str]]:
    """The plain rules' groups: for each suit a card counts as, its cards strongest first."""
    groups: dict[str, list[str]] = {}
    for c in euchre_naive.DECK:
        groups.setdefault(euchre_naive.effective_suit(c, trump), []).append(c)
    return {s: sorted(cs, key=lambda c: -euchre_naive.strength(c, trump)) for s, cs in groups.items()}


def test_euchre_layout_trick_winner_is_the_rules() -> None:
    # in the search's own layout of Euchre's cards the winner of a trick is the highest trump, else the highest
    # card of the led suit: the card the plain rules name, for every trump and thousands of tricks
    rng = random.Random(8)
    for _ in range(4000):
        trump = rng.randrange(4)
        trick = rng.sample(euchre_naive.DECK, rng.choice([3, 4]))
        cards = [int(ts._EUCHRE_PERM[trump, euchre_naive.card_to_bit(c)]) for c in trick]
        t = sum(1 << c for c in cards)
        want = euchre_naive.trick_winner(trick, "dhsc"[trump])
        assert int(ts._eu_winner(np.uint64(t), cards[0])) == cards[want], (trick, trump)


def test_euchre_classes_are_runs_of_one_hand() -> None:
    # two cards of a hand next to each other in their group's order among the cards still in play are one move:
    # the kernel keeps exactly one card of each such run (the plain order of the rules, every trump)
    rng = random.Random(9)
    for _ in range(4000):
        trump = rng.randrange(4)
        inplay = rng.sample(euchre_naive.DECK, rng.randint(4, 24))
        hand = set(rng.sample(inplay, rng.randint(1, min(7, len(inplay)))))
        runs: list[set[str]] = []
        for order in _euchre_order("dhsc"[trump]).values():
            prev_mine = False
            for c in (c for c in order if c in inplay):
                if c in hand:
                    if not prev_mine:
                        runs.append(set())
                    runs[-1].add(c)
                prev_mine = c in hand
        bits = {euchre_naive.card_to_bit(c): c for c in euchre_naive.DECK}
        h, p = (ts.euchre_cards(trump, sum(1 << euchre_naive.card_to_bit(c) for c in cs)) for cs in (hand, inplay))
        kept = int(ts._eu_classes(h, p))
        kept_cards = {bits[c] for c in range(24) if kept >> int(ts._EUCHRE_PERM[trump, c]) & 1}
        assert all(len(kept_cards & r) == 1 for r in runs) and kept_cards <= hand, (hand, inplay, trump, kept_cards)


def test_euchre_sure_trumps_are_the_plain_count() -> None:
    # the trumps above the other team's highest: held by one team, each wins its own trick; the most in one hand
    rng = random.Random(10)
    for _ in range(3000):
        trump = rng.randrange(4)
        k = rng.randint(1, 5)
        cards = rng.sample(euchre_naive.DECK, 4 * k)
        hands = [cards[i * k : (i + 1) * k] for i in range(4)]
        ctx = _ctx(ts.EUCHRE, trump, [parse_mask(" ".join(h), "euchre") for h in hands])
        order = [c for c in _euchre_order("dhsc"[trump])["dhsc"[trump]] if c in cards]
        owner = {c: s for s, h in enumerate(hands) for c in h}
        sure = [c for i, c in enumerate(order) if all(owner[d] % 2 == owner[order[0]] % 2 for d in order[: i + 1])]
        team = owner[order[0]] % 2 if order else -1
        most = max((sum(owner[c] == s for c in sure) for s in range(4)), default=0)
        assert tuple(int(x) for x in ts._sure_trumps(ctx, _rem(ctx))) == (team, most, 0), (hands, trump)


#: a trump suit's ranks from the weakest to the strongest (the jack, then the nine, on top)
TRUMP_RANKS = "678TQKA9J"


def _in_rank_order(cards: list[str], contract: str) -> list[str]:
    """``cards`` of one suit, weakest first (by :data:`TRUMP_RANKS` in the trump suit)."""
    order = TRUMP_RANKS if cards and cards[0][0] == contract else jass_naive.RANKS
    return sorted(cards, key=lambda c: order.index(c[1]))


def _same_shape_subset(rng: random.Random, deal: list[list[str]], contract: str, left: list[str]) -> list[str] | None:
    """Cards in play of the same shape as ``left`` in the deal ``deal`` (another choice, if one exists): in each suit
    as many cards with the same owners in rank order, and in the trump suit the jack in both or in neither."""
    from itertools import combinations

    owner = {c: s for s, h in enumerate(deal) for c in h}
    out: list[str] = []
    for suit in jass_naive.SUITS:
        mine = _in_rank_order([c for c in left if c[0] == suit], contract)
        pool = _in_rank_order([c for h in deal for c in h if c[0] == suit], contract)
        want = [owner[c] for c in mine]
        jack = suit + "J" in mine
        options = [
            list(x)
            for x in combinations(pool, len(mine))
            if [owner[c] for c in x] == want and (suit != contract or (suit + "J" in x) == jack)
        ]
        out += rng.choice(options)
    return out if set(out) != set(left) else None


@pytest.mark.parametrize("k", [2, 3])
def test_jass_shape_shift_bounds_the_value(k: int) -> None:
    # the shape table's rule: two trick boundaries of one deal with the same shape (in each suit as many cards, owned
    # by the same seats in rank order; the trump jack in both or in neither) play alike, so the plain minimax's values
    # differ by no more than the shift says: at most ``up`` more, at most ``down`` less
    rng = random.Random(70 + k)
    pairs = shifted = 0
    while pairs < (60 if k == 2 else 30):
        cards = rng.sample(JASS_DECK, 36)
        deal = [cards[9 * s : 9 * s + 9] for s in range(4)]
        ct, leader, earlier = rng.randrange(6), rng.randrange(4), rng.choice(EARLIER)
        contract = "dhscou"[ct]
        # k cards of each hand in play, mostly low ones (their suits' shapes recur most)
        left = [c for h in deal for c in sorted(h, key=lambda c: (c[1] not in "6789T", rng.random()))[:k]]
        other = _same_shape_subset(rng, deal, contract, left)
        if other is None:
            continue
        ctx = _ctx(ts.JASS, ct, [parse_mask(" ".join(h), "jass") for h in deal])
        ra, rb = np.uint64(parse_mask(" ".join(left), "jass")), np.uint64(parse_mask(" ".join(other), "jass"))
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        assert ts._same_shape(ctx, ra, rb)
        assert ts._shape_hash(ctx, ra, leader, flags) == ts._shape_hash(ctx, rb, leader, flags)
        up, down = ts._shape_shift(ctx, ra, rb)
        va = _jass_value([[c for c in h if c in left] for h in deal], contract, leader, earlier)
        vb = _jass_value([[c for c in h if c in other] for h in deal], contract, leader, earlier)
        assert va - down <= vb <= va + up, (deal, contract, leader, earlier, left, other, va, vb, up, down)
        pairs += 1
        shifted += up + down > 0
    assert shifted > pairs // 3  # the positions do differ in points: the test is not only of equal ones


def test_jass_shapes_differ_when_an_owner_or_a_trump_differs() -> None:
    deal = [
        "hJ h9 d6 d7 s6 s7 c6 c7 cA",
        "hA hK d8 d9 s8 s9 c8 c9 cK",
        "hQ hT dT dJ sT sJ cT cJ cQ",
        "h8 h7 h6 dQ dK dA sQ sK sA",
    ]
    ctx = _ctx(ts.JASS, 1, [parse_mask(h, "jass") for h in deal])  # hearts trump
    m = lambda t: np.uint64(parse_mask(t, "jass"))  # noqa: E731
    assert ts._same_shape(ctx, m("d6 d8 dT dQ hJ"), m("d7 d9 dJ dK hJ"))  # owners 0 1 2 3 in rank order both times
    assert not ts._same_shape(ctx, m("d6 d8 dT dQ hJ"), m("d6 d7 dT dQ hJ"))  # the second card's owner differs
    assert not ts._same_shape(ctx, m("d6 hJ"), m("d6 h9"))  # the jack is in one, not in the other
    # trumps owned 1 then 0 from the weakest both times (the nine outranks the ace and the king): the same shape,
    # the ace's 11 points mapped to the king's 4
    assert ts._same_shape(ctx, m("d6 h9 hA"), m("d6 h9 hK"))
    assert ts._shape_shift(ctx, m("h9 hA"), m("h9 hK")) == (0, 7)
    assert not ts._same_shape(ctx, m("d6 h9 hA"), m("d6 h9 hQ"))  # the weaker trump's owner differs
    assert ts._same_shape(ctx, m("hJ hA"), m("hJ hK")) and not ts._same_shape(ctx, m("hJ hA"), m("h9 hA"))
    assert not ts._same_shape(ctx, m("d6 d8"), m("d6 d8 d9"))  # as many cards a suit
    assert ts._shape_shift(ctx, m("d6 d8 dT dQ"), m("d7 d9 dJ dK")) == (1, 8)  # dT 10 -> dJ 2, dQ 3 -> dK 4


def _plain_same_shape(deal: list[list[str]], contract: str, a: list[str], b: list[str]) -> bool:
    """The shape rule written out: in each suit the owners of the cards in rank order, and in the trump suit the jack
    in both or in neither (it alone need never follow a trump lead)."""
    owner = {c: s for s, h in enumerate(deal) for c in h}
    for suit in jass_naive.SUITS:
        xa = _in_rank_order([c for c in a if c[0] == suit], contract)
        xb = _in_rank_order([c for c in b if c[0] == suit], contract)
        if [owner[c] for c in xa] != [owner[c] for c in xb]:
            return False
        if suit == contract and (suit + "J" in xa) != (suit + "J" in xb):
            return False
    return True


def _random_deal_ctx(rng: random.Random, ct: int) -> np.ndarray:
    """A Jass search context for a random whole deal under contract ``ct``."""
    cards = rng.sample(JASS_DECK, 36)
    return _ctx(ts.JASS, ct, [parse_mask(" ".join(cards[9 * s : 9 * s + 9]), "jass") for s in range(4)])


def test_jass_deal_table_holds_each_suits_shape() -> None:
    # the search reads each suit's shape from the table of the deal (one word per suit and set of its cards, packed
    # with the key cards, the equivalent cards and the sure trumps): for every set it is _shape_word, the shape
    # computed from the hands, whatever the other fields of the word hold
    rng = random.Random(79)
    for ct in range(6):
        ctx = _random_deal_ctx(rng, ct)
        tg = int(ts._TRUMP_GROUP[ctx[ts._VARIANT]])
        for s in range(4):
            for x in range(512):
                got = int(ts._shape_code(ctx, np.uint64(x << (9 * s)), s))
                assert got == int(ts._shape_word(ctx, np.uint64(x), s, tg)), (ct, s, x)


def test_jass_sure_trump_table_is_the_scan() -> None:
    # the search reads the sure trumps from a table made per deal (ctx[_SURE:]): for every set of trumps in play it
    # holds what the scan of those trumps finds (the scan itself is held to the plain minimax by the bounds test above)
    rng = random.Random(81)
    for ct in range(4):
        ctx = _random_deal_ctx(rng, ct)
        sh = 9 * int(ts._TRUMP_GROUP[ctx[ts._VARIANT]])
        found = set()
        for x in range(512):
            rem = np.uint64(x << sh)
            got = tuple(int(v) for v in ts._sure_trumps(ctx, rem))
            assert got == tuple(int(v) for v in ts._scan_sure_trumps(ctx, rem)), (ct, x)
            found.add(got[0])
        assert found == {-1, 0, 1}  # both teams, and no trump at all


def test_a_new_generation_after_the_last_keeps_the_deals_tables() -> None:
    # a solve sets the deal's tables (key cards, equivalent cards, shapes), then starts a new generation; when the
    # counter runs out, that clears the table and the solve's own counts and caches, never the deal's tables
    ctx = _random_deal_ctx(random.Random(80), 2)
    deal_tables = ctx[ts._DEAL : ts._HIST].copy()
    assert (deal_tables >> ts._SHAPE_AT).any()  # the shapes are part of them
    tt = ts.new_table(4)
    tt[0, 0] = np.uint64(ts._GEN_LIMIT - 1)
    tt[1:] = np.uint64(7)
    ctx[ts._TWO :] = 7
    ts.next_generation(ctx, tt)
    assert int(tt[0, 0]) == 1 and not tt[1:].any() and not ctx[ts._HIST :].any()
    assert (ctx[ts._DEAL : ts._HIST] == deal_tables).all()


def test_jass_same_shape_is_the_plain_rule() -> None:
    # the shapes the search compares (read from the table of the deal) against the rule written out, on
    # pairs of card sets with as many cards in each hand: one of the same shape, then (most times) one card of it
    # swapped for another card of its suit, or for a card of the same hand in another suit (near misses: an owner or a
    # count differs)
    rng = random.Random(77)
    same = 0
    for trial in range(600):
        cards = rng.sample(JASS_DECK, 36)
        deal = [cards[9 * s : 9 * s + 9] for s in range(4)]
        ct = rng.randrange(6)
        contract = "dhscou"[ct]
        k = rng.randrange(1, 9)
        left = [c for h in deal for c in sorted(h, key=lambda c: (c[1] not in "6789T", rng.random()))[:k]]
        other = _same_shape_subset(rng, deal, contract, left) or list(left)
        if trial % 3:
            out = rng.choice(other)
            seat = next(s for s, h in enumerate(deal) if out in h)
            pool = [c for h in deal for c in h if c[0] == out[0]] if trial % 3 == 1 else deal[seat]
            free = [c for c in pool if c not in other]
            if free:
                into = rng.choice(free)
                other = [into if c == out else c for c in other]
        ctx = _ctx(ts.JASS, ct, [parse_mask(" ".join(h), "jass") for h in deal])
        ra, rb = np.uint64(parse_mask(" ".join(left), "jass")), np.uint64(parse_mask(" ".join(other), "jass"))
        want = _plain_same_shape(deal, contract, left, other)
        assert ts._same_shape(ctx, ra, rb) == want, (deal, contract, left, other)
        if want:
            assert ts._shape_hash(ctx, ra, 1, 2) == ts._shape_hash(ctx, rb, 1, 2)
        same += want
    assert 150 < same < 450  # both answers are tested often


@pytest.mark.slow
@pytest.mark.parametrize("k", [5, 6, 7, 8])
def test_jass_shape_table_changes_no_answer(k: int) -> None:
    # positions of five to seven tricks (mostly low cards, whose suits' shapes recur), solved with and without the
    # shape table: the same value and the same value of every lead, and fewer nodes with it
    rng = random.Random(80 + k)
    tt, buf = ts.new_table(16), ts.new_buf()
    low = [c for c in JASS_DECK if c[1] in "6789TJQ"]
    nodes = [0, 0]
    for i in range({5: 40, 6: 40, 7: 30, 8: 10}[k]):
        pool = low + rng.sample([c for c in JASS_DECK if c not in low], 4)
        cards = rng.sample(pool, 4 * k)
        masks = [parse_mask(" ".join(cards[k * s : k * s + k]), "jass") for s in range(4)]
        ct, leader, earlier = i % 6, rng.randrange(4), rng.choice(EARLIER)
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        rem = np.uint64(sum(masks))
        got = []
        for off in (0, 1):
            ctx = _ctx(ts.JASS, ct, masks)
            ctx[ts._NO_SHAPE] = off
            ts.next_generation(ctx, tt)
            v = ts.solve_boundary(ctx, tt, buf, rem, leader, flags)
            vals = np.zeros(36, dtype=np.int64)
            ts.card_values(ctx, tt, buf, rem, leader, flags, vals)
            got.append((int(v), vals.tolist()))
            nodes[off] += int(ctx[ts._NODES])
        assert got[0] == got[1], (cards, ct, leader, earlier)
    # the table did prune: counted in the search's frames (ctx[_NODES]), which from six tricks down serve only the first
    # trick (the five-trick ending has no frames, and its own reads of the table are not counted)
    assert nodes[0] < nodes[1] or k <= 6


@pytest.mark.slow
def test_jass_five_trick_endgames_against_plain_alphabeta() -> None:
    # beyond four tricks the search's table keys and shape table meet positions after different tricks: the solver
    # against the plain alpha-beta of tests/naive on five-trick endgames, mostly of low cards
    from bitcards.jass import solve

    rng = random.Random(90)
    low = [c for c in JASS_DECK if c[1] in "6789TJQ"]
    for i in range(24):
        cards = rng.sample(low + rng.sample([c for c in JASS_DECK if c not in low], 6), 20)
        hands = [cards[5 * s : 5 * s + 5] for s in range(4)]
        contract, leader, earlier = "dhscou"[i % 6], rng.randrange(4), rng.choice(EARLIER)
        got = solve([" ".join(h) for h in hands], contract, leader, earlier=earlier, values=False).points[0]
        assert got == jass_solve.alphabeta_points(hands, contract, leader, earlier), (hands, contract, leader, earlier)


@pytest.mark.slow
def test_jass_five_trick_ending_fail_soft_against_plain_alphabeta() -> None:
    # the five-trick ending (its four-trick boundaries kept in the table and the shape table) in narrow windows, twice
    # a position with one table: the second window reads what the first stored. Exact inside each window, a true
    # bound outside it, against the plain alpha-beta of tests/naive
    rng = random.Random(95)
    tt = ts.new_table(14)
    low = [c for c in JASS_DECK if c[1] in "6789TJQ"]
    for i in range(18):
        cards = rng.sample(low + rng.sample([c for c in JASS_DECK if c not in low], 6), 20)
        hands = [cards[5 * s : 5 * s + 5] for s in range(4)]
        ct, leader, earlier = i % 6, rng.randrange(4), rng.choice(EARLIER)
        total = sum(jass_naive.card_points(c, "dhscou"[ct]) for c in cards) + 5
        d = jass_solve.alphabeta(hands, "dhscou"[ct], leader, [], (earlier[0] > 0, earlier[1] > 0), -1000, 1000, {})
        mb = ts.MATCH_BONUS // 2
        v = total + mb if d == total + ts.MATCH_BONUS else -mb if d == -total - ts.MATCH_BONUS else (d + total) // 2
        ctx = _ctx(ts.JASS, ct, [parse_mask(" ".join(h), "jass") for h in hands])
        ts.next_generation(ctx, tt)
        rem = _rem(ctx)
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        for _ in range(2):
            a = v + rng.randrange(-12, 12)
            b = a + rng.randrange(1, 8)
            got, _lead = ts._five_tricks(ctx, tt, rem, ts._mask_points(ctx, rem), leader, flags, a, b, -1)
            check_fail_soft(v, int(got), a, b, (hands, ct, leader, earlier))


@pytest.mark.slow
def test_jass_four_trick_ending_fail_soft_with_its_tables_against_plain_alphabeta() -> None:
    # the four-trick ending keeps its three-trick boundaries' bounds in the three-trick table and their shape table
    # (ctx[_THREE:], ctx[_SHAPE3:]); several narrow windows on one position, then on positions of the same deal with
    # other low cards in play (their shapes recur), so later searches read bounds and shifted bounds stored by
    # earlier ones. Exact inside each window, a true bound outside it, against the plain alpha-beta of tests/naive
    rng = random.Random(96)
    tt = ts.new_table(14)
    low = [c for c in JASS_DECK if c[1] in "6789TJQ"]
    settled = 0
    for i in range(24):
        deal = rng.sample(low + rng.sample([c for c in JASS_DECK if c not in low], 4), 24)
        ct, leader, earlier = i % 6, rng.randrange(4), rng.choice(EARLIER)
        contract = "dhscou"[ct]
        seats = [deal[6 * s : 6 * s + 6] for s in range(4)]
        ctx = _ctx(ts.JASS, ct, [parse_mask(" ".join(h), "jass") for h in seats])
        ts.next_generation(ctx, tt)
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        for _ in range(3):  # four of each hand's six cards in play
            hands = [rng.sample(h, 4) for h in seats]
            cards = [c for h in hands for c in h]
            total = sum(jass_naive.card_points(c, contract) for c in cards) + 5
            d = jass_solve.alphabeta(hands, contract, leader, [], (earlier[0] > 0, earlier[1] > 0), -1000, 1000, {})
            mb = ts.MATCH_BONUS // 2
            v = total + mb if d == total + ts.MATCH_BONUS else -mb if d == -total - ts.MATCH_BONUS else (d + total) // 2
            rem = np.uint64(parse_mask(" ".join(cards), "jass"))
            for _ in range(3):
                a = v + rng.randrange(-10, 10)
                b = a + rng.randrange(1, 6)
                got, _lead = ts._four_tricks(ctx, tt, rem, ts._mask_points(ctx, rem), leader, flags, a, b, -1)
                check_fail_soft(v, int(got), a, b, (hands, ct, leader, earlier))
        settled += int(np.count_nonzero(ctx[ts._SHAPE3 :: 2]))
    assert settled > 100  # the searches stored bounds in the shape table of the three-trick boundaries


@pytest.mark.jit
def test_jass_lead_history_orders_only_and_each_solve_starts_it_afresh() -> None:
    # the history of leads that cut off (ctx[_HIST:_TWO]) only orders the leads: a solve started with any counts in
    # it (here random ones, given after next_generation) finds the same exact values as one started afresh, and
    # next_generation clears whatever an earlier solve counted
    rng = random.Random(77)
    n_hist = ts._TWO - ts._HIST
    for _ in range(12):
        cards = rng.sample(JASS_DECK, 20)
        masks = [parse_mask(" ".join(cards[i * 5 : (i + 1) * 5]), "jass") for i in range(4)]
        ct, leader = rng.randrange(6), rng.randrange(4)
        ctx = _ctx(ts.JASS, ct, masks)
        tt = ts.new_table(12)
        ts.next_generation(ctx, tt)
        v = ts.solve_boundary(ctx, tt, ts.new_buf(), _rem(ctx), np.int64(leader), np.int64(0))
        assert ctx[ts._HIST : ts._TWO].any()  # the solve counted its cut-offs
        ts.next_generation(ctx, tt)
        assert not ctx[ts._HIST : ts._TWO].any()
        ctx[ts._HIST : ts._TWO] = np.asarray([rng.randrange(1000) for _ in range(n_hist)])
        w = ts.solve_boundary(ctx, tt, ts.new_buf(), _rem(ctx), np.int64(leader), np.int64(0))
        assert v == w, (cards, ct, leader)


def _probes(masks: list[int], contract: int, leader: int, halving_only: bool, guess: int | None = None) -> tuple[int, int]:
    """The value of a Jass position and the nodes the search's frames opened to find it (ctx[_NODES]; at five tricks
    or fewer the frames hold only each search's root, so it counts the searches). ``guess``: the probes start from it
    (after those at the ends), in place of the solver's own choice."""
    ctx = _ctx(ts.JASS, contract, masks)
    tt, buf = ts.new_table(16), ts.new_buf()
    ts.next_generation(ctx, tt)
    rem, ld, flags = _rem(ctx), np.int64(leader), np.int64(0)
    if not halving_only and guess is None:
        return int(ts.solve_boundary(ctx, tt, buf, rem, ld, flags)), int(ctx[ts._NODES])
    opn = ts._mask_points(ctx, rem)
    ts._set_node(buf, 0, rem, ld, 0, -1, -1, -1, -1, ld, np.uint64(0), flags, opn, 0, 0)
    lo, hi = ts._bounds(ctx, rem, np.uint64(0), flags, opn)
    if guess is not None:
        return int(ts.exact(ctx, tt, buf, lo, hi, np.int64(guess))), int(ctx[ts._NODES])
    return int(ts.halve(ctx, tt, buf, buf[0, ts._F :].copy(), lo, hi)), int(ctx[ts._NODES])


def test_jass_a_match_takes_one_or_two_probes_at_the_ends_of_the_range() -> None:
    # the number of searches that settle a match (the whole deals below show what the probes save over the halving,
    # which at five tricks often needs one search too). Hearts are trumps and seat 1 holds the five best: leading
    # them, its team takes every trick; the probe at the least (team 1's match) settles it. Team 0 with the same
    # cards: its sure trumps rule team 1's match out (no probe at the least) and the probe at the most settles
    # team 0's match. In Obenabe (no trumps) team 0 with the five best spades: the probe at the least fails (team 0
    # takes a trick), the second, at the most, settles team 0's match.
    hands = ["s6 s7 c6 c7 d6", "hJ h9 hA hK hQ", "s8 c8 d7 d8 s9", "sA cA dA hT h8"]
    masks = [parse_mask(h, "jass") for h in hands]
    assert _probes(masks, 1, 1, False) == (-ts.MATCH_BONUS // 2, 1)
    in_play = sum(jass_naive.card_points(c, "h") for h in hands for c in h.split())
    # the sweeping hands at seats 0 and 2: every card point, the last trick's 5, the match
    assert _probes(masks[1:] + masks[:1], 1, 0, False) == (in_play + 5 + ts.MATCH_BONUS // 2, 1)
    hands = ["sA sK sQ sJ sT", "s6 c6 c7 d6 d7", "hA hK hQ hJ hT", "s7 c8 d8 h6 h7"]
    in_play = sum(jass_naive.card_points(c, "o") for h in hands for c in h.split())
    assert _probes([parse_mask(h, "jass") for h in hands], 4, 0, False) == (in_play + 5 + ts.MATCH_BONUS // 2, 2)


@pytest.mark.jit
@pytest.mark.parametrize(
    ("hands", "contract", "leader", "value"),
    [  # two whole deals of the bench where a team takes every trick (they are the bench's deals 7 and 57)
        (["d7 d9 dT dQ hQ hK sQ c8 cA", "d6 d8 hT hA s9 c9 cT cJ cQ", "dJ dK s6 s7 s8 sT sA c7 cK",
          "dA h6 h7 h8 h9 hJ sJ sK c6"], "h", 1, -ts.MATCH_BONUS // 2),
        (["d6 dK h6 hJ sJ c7 cT cJ cA", "d9 dJ h8 h9 hK hA s7 sK c6", "d7 dT s6 s9 sQ sA c8 c9 cK",
          "d8 dQ dA h7 hT hQ s8 sT cQ"], "c", 1, 157 + ts.MATCH_BONUS // 2),
    ],
)  # fmt: skip
def test_jass_a_whole_match_deal_costs_less_with_the_probes_at_the_ends(
    hands: list[str], contract: str, leader: int, value: int
) -> None:
    masks = [parse_mask(h, "jass") for h in hands]
    v, n = _probes(masks, "dhscou".index(contract), leader, False)
    w, m = _probes(masks, "dhscou".index(contract), leader, True)
    assert v == w == value
    assert n < m, (n, m)


@pytest.mark.jit
def test_jass_probes_at_the_ends_change_no_value() -> None:
    # random four-card positions, matches among them: the probes at the ends then the halving find what the halving
    # alone finds and what the plain minimax finds (the five-trick tests above check whole solves the same way)
    rng = random.Random(78)
    matches = 0
    for i in range(120):
        cards = rng.sample(JASS_DECK, 16)
        hands = [cards[4 * s : 4 * s + 4] for s in range(4)]
        masks = [parse_mask(" ".join(h), "jass") for h in hands]
        ct, leader = i % 6, rng.randrange(4)
        v, _ = _probes(masks, ct, leader, False)
        w, _ = _probes(masks, ct, leader, True)
        assert v == w == _jass_value(hands, "dhscou"[ct], leader, (0, 0)), (hands, ct, leader)
        total = sum(jass_naive.card_points(c, "dhscou"[ct]) for c in cards) + 5
        matches += v in (-ts.MATCH_BONUS // 2, total + ts.MATCH_BONUS // 2)
    assert matches > 0


@pytest.mark.jit
def test_jass_probes_from_any_guess_change_no_value() -> None:
    # random four-card positions: the probes from a guess find the plain minimax's value whatever the guess, below
    # the range, above it, at the value, one off either side, or anywhere between
    rng = random.Random(82)
    for i in range(60):
        cards = rng.sample(JASS_DECK, 16)
        hands = [cards[4 * s : 4 * s + 4] for s in range(4)]
        masks = [parse_mask(" ".join(h), "jass") for h in hands]
        ct, leader = i % 6, rng.randrange(4)
        want = _jass_value(hands, "dhscou"[ct], leader, (0, 0))
        for guess in (-500, 500, want, want - 1, want + 1, rng.randrange(-60, 200)):
            assert _probes(masks, ct, leader, False, guess)[0] == want, (hands, ct, leader, guess)


@pytest.mark.jit
def test_jass_whole_deal_from_its_guess_is_the_halvings_value() -> None:
    # whole deals (the only positions the solver guesses for): the solve from the fitted guess, from guesses far off
    # and by the halving alone agree; the guess lies within the deal's points
    rng = random.Random(83)
    for ct in range(6):
        cards = rng.sample(JASS_DECK, 36)
        masks = [parse_mask(" ".join(cards[9 * s : 9 * s + 9]), "jass") for s in range(4)]
        leader = rng.randrange(4)
        guess = int(ts.jass_guess(ct, *masks, leader))
        assert 0 <= guess <= 157, (cards, ct, guess)
        v = _probes(masks, ct, leader, False)[0]
        assert v == _probes(masks, ct, leader, True)[0] == _probes(masks, ct, leader, False, guess + 40)[0], (cards, ct)


def test_jass_guess_features_are_the_plain_counts() -> None:
    # what the guess weighs, counted plainly from the cards' names: each role +1 for team 0 (seats 0 and 2), -1 for
    # team 1 (the trump suit's ranks, then the other suits' ranks; without trumps all suits' ranks), the leader's team,
    # the longest trump hands' difference, the constant
    rng = random.Random(84)
    for i in range(60):
        ct, leader = i % 6, rng.randrange(4)
        cards = rng.sample(JASS_DECK, 36)
        hands = [cards[9 * s : 9 * s + 9] for s in range(4)]
        want = [0.0] * ts.GUESS_FEATURES
        for seat, hand in enumerate(hands):
            for c in hand:
                side = ct < 4 and c[0] != "dhsc"[ct]
                want[jass_naive.RANKS.index(c[1]) + (9 if side else 0)] += 1 if seat % 2 == 0 else -1
        trumps = [sum(c[0] == "dhsc"[ct] for c in h) if ct < 4 else 0 for h in hands]
        want[18:] = [1 if leader % 2 == 0 else -1, max(trumps[0], trumps[2]) - max(trumps[1], trumps[3]), 1]
        got = np.zeros(ts.GUESS_FEATURES)
        ts.guess_features(ct, *[parse_mask(" ".join(h), "jass") for h in hands], leader, got)
        assert got.tolist() == want, (hands, ct, leader)


@pytest.mark.jit
def test_jass_lead_values_bounded_by_the_positions_value_are_the_unbounded_ones() -> None:
    # the value of each lead, bounded by the position's own value (no lead gives the leader's side more) and probed
    # from it, against the same values searched over the whole range; five- and six-trick positions, both teams
    # leading (the plain minimax checks the bounded values up to four tricks: tests/jass/test_solve.py)
    rng = random.Random(85)
    tt, buf = ts.new_table(14), ts.new_buf()
    for i in range(24):
        k = 5 + i % 2
        cards = rng.sample(JASS_DECK, 4 * k)
        masks = [parse_mask(" ".join(cards[k * s : k * s + k]), "jass") for s in range(4)]
        ct, leader, earlier = i % 6, i % 4, rng.choice(EARLIER)
        flags = int(earlier[0] > 0) | int(earlier[1] > 0) << 1
        rem = np.uint64(sum(masks))
        got = []
        for bounded in (False, True):
            ctx = _ctx(ts.JASS, ct, masks)
            ts.next_generation(ctx, tt)
            v = int(ts.solve_boundary(ctx, tt, buf, rem, leader, flags))
            vals = np.zeros(36, dtype=np.int64)
            ts.card_values(ctx, tt, buf, rem, leader, flags, vals, np.int64(v) if bounded else np.int64(ts.NO_GUESS))
            legal = vals > -(1 << 20)  # (card_values's mark of a card not legal)
            best = vals[legal].max() if leader % 2 == 0 else vals[legal].min()
            assert best == v, (cards, ct, leader, earlier)
            got.append(vals.tolist())
        assert got[0] == got[1], (cards, ct, leader, earlier)
