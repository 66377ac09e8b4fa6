"""Played Skat deals as skat-game-id game runs, and runs played back through the engine.

:func:`game_run` writes a finished deal of the engine (a :class:`~bitcards.engine.GameState`
or :class:`~bitcards.engine.GameRecord`) as a :class:`~bitcards.skat.ids.GameRun` (its run id
and text notation come from :mod:`bitcards.skat.ids`); :func:`replay_run` plays a run (a
``GameRun``, a run id or the run notation) through the engine, every action checked, and
returns the finished state: its tricks and settlement are those of the original deal.

What a run holds, and how bitcards reads the fields it leaves open:

* **bids**: indices into :data:`~bitcards.skat.ids.BID_TABLE`. The declarer's is the final
  bid; each other player's is the highest value it said or held, kept below the final bid so
  that skat-game-id's rule for the solo player (front if its bid beats both, else middle if it
  beats rear, else rear) names the declarer. The bidding itself is not stored: a run is played
  back with the shortest bidding that makes the same declarer at the same bid.
  All bids 0: nobody declared (thrown in; with tricks, Ramsch).
* **skat cards**: the two cards the declarer put away, or the skat of a hand game.
* **flags** hand, ouvert, "hand announced", "ouvert announced": bitcards writes schneider
  announced into the third and schwarz announced into the fourth.
* **tricks**: for each trick, the index of the card each of front, middle and rear played,
  in the cards that player played, in card order (for a declarer who picked up the skat:
  the hand after the discard). The order of play follows from the rules.

Kontra, Re and Bock are not part of a run; a run is played back without them.

>>> import bitcards
>>> st = bitcards.new_game("skat", seed=11)
>>> for a in ["bid 18", "pass", "pass", "hand", "grand hand"]:
...     _ = st.apply(a)
>>> while not st.is_terminal():
...     _ = st.apply(st.legal_actions()[0])
>>> run = game_run(st)
>>> back = replay_run(bitcards.skat.ids.format_run_id(run))
>>> back.history == st.history, back.returns() == st.returns()
(True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bitcards import engine
from bitcards.errors import IllegalPlayError, InvalidCardsError
from bitcards.skat.engine import RAMSCH, SPEC, declaration_name
from bitcards.skat.ids import BID_TABLE, Game, GameRun, parse_run_id
from bitcards.skat.ids.text import parse_game_run
from bitcards.skat.value import BID_VALUES

__all__ = ["game_run", "run_of_row", "run_actions", "replay_run", "tricks_of"]

_F = SPEC.field


def _state(x: engine.GameState | engine.GameRecord) -> engine.GameState:
    if isinstance(x, engine.GameRecord):
        return x.replay()
    if isinstance(x, engine.GameState):
        return x
    raise TypeError(f"expected a Skat GameState or GameRecord, not {type(x).__name__}")


def _plays(st: engine.GameState) -> list[int]:
    """The cards played, in order (the last 30 actions of a deal whose tricks were played)."""
    played = int(st.row[_F("trick")]) == 10
    return list(st.history[-30:]) if played else []


def _tricks(row: np.ndarray, plays: list[int]) -> list[tuple[int, list[tuple[int, int]]]]:
    winners = int(row[_F("winners")])
    out = []
    leader = 0
    for t in range(len(plays) // 3):
        cards = [((leader + j) % 3, int(plays[3 * t + j])) for j in range(3)]
        w = winners >> (2 * t) & 3
        out.append((w, cards))
        leader = w
    return out


def tricks_of(st: engine.GameState) -> list[tuple[int, list[tuple[int, int]]]]:
    """The tricks of a finished deal in play order: ``(winner, [(player, card), ...])`` each."""
    return _tricks(st.row, _plays(st))


def game_run(x: engine.GameState | engine.GameRecord) -> GameRun:
    """A finished Skat deal as a game run (see the module notes for the fields)."""
    st = _state(x)
    if st.game != "skat":
        raise InvalidCardsError(f"a game run holds a Skat deal, not {st.game}")
    if not st.is_terminal():
        raise InvalidCardsError("the deal is not finished: a game run holds a whole deal")
    return run_of_row(st.deal, st.row, _plays(st))


def run_of_row(deal: tuple[int, ...] | np.ndarray, row: np.ndarray, plays: list[int]) -> GameRun:
    """The game run of a finished deal from its dealt masks, final state row and cards in play order."""
    s = row
    game = int(s[_F("game")])
    d = int(s[_F("declarer")])
    bids = [0, 0, 0]
    if d >= 0:
        final = BID_TABLE.index(int(s[_F("bid")]))
        for p in range(3):
            said = BID_TABLE.index(int(s[_F(f"said{p}")]))
            bids[p] = final if p == d else min(said, final - 1)
    masks = [int(m) for m in deal]
    skat = int(s[_F("skat")]) if 0 <= game < RAMSCH else masks[3]
    cards = [b for b in range(32) if skat >> b & 1]
    kind = (game + 1) % 6 if 0 <= game < RAMSCH else 0
    flags = (bool(s[_F("hand")]), bool(s[_F("ouvert")]), int(s[_F("announce")]) >= 1, int(s[_F("announce")]) == 2)
    tricks = _tricks(s, plays)
    triples: list[tuple[int, int, int]] = []
    if tricks:
        played = [sorted(c for _, t in tricks for p, c in t if p == q) for q in range(3)]
        for _, t in tricks:
            idx = [0, 0, 0]
            for p, c in t:
                idx[p] = played[p].index(c)
            triples.append((idx[0], idx[1], idx[2]))
    if game < 0 or game == RAMSCH:
        flags = (False, False, False, False)
    return GameRun(Game.from_masks(masks), (bids[0], bids[1], bids[2]), (cards[0], cards[1]), kind, *flags, tricks=tuple(triples))


def _as_run(run: GameRun | str) -> GameRun:
    if isinstance(run, GameRun):
        return run
    if isinstance(run, str):
        return parse_game_run(run) if "\n" in run.strip() else parse_run_id(run.strip())
    raise TypeError(f"expected a GameRun, a run id or the run notation, not {type(run).__name__}")


def run_actions(run: GameRun | str) -> tuple[tuple[int, int, int, int], list[str], dict[str, Any]]:
    """``(deal masks, action names up to the declaration, options)`` of a run; the cards follow from
    its tricks as the game goes (see :func:`replay_run`)."""
    r = _as_run(run)
    deal = r.game.masks()
    who = {"front": 0, "middle": 1, "rear": 2, None: -1}[r.solo_player]
    if who < 0:
        return deal, ["pass", "pass", "pass"], ({"ramsch": True} if r.tricks else {})
    value = BID_TABLE[r.bids[who]]
    if value not in BID_VALUES:
        raise IllegalPlayError(f"the declarer's bid {value} is not a game value: no bidding reaches it")
    bid = f"bid {value}"
    acts = {
        0: ["pass", "pass", bid],
        1: [bid, "pass", "pass"],
        2: ["pass", bid, "pass"],
    }[who]
    if r.hand:
        acts.append("hand")
    else:
        from bitcards.notation import format_card

        acts += ["pickup", format_card(r.skat_cards[0], "skat"), format_card(r.skat_cards[1], "skat")]
    game = (r.kind - 1) % 6
    m = 3 if r.ouvert else 2 if r.ouvert_announced else 1 if r.hand_announced else 0
    acts.append(declaration_name(game + 6 * m, r.hand))
    return deal, acts, {}


def replay_run(run: GameRun | str) -> engine.GameState:
    """Play a run through the engine, every action checked; the finished state.

    An illegal run raises :class:`~bitcards.errors.IllegalPlayError` at its first illegal action,
    naming the action and the legal ones (``action 7: 'QS' is not legal here; legal: ...``).
    """
    r = _as_run(run)
    deal, acts, options = run_actions(r)
    st = engine.new_game("skat", deal=deal, **options)
    k = 0
    try:
        for k, a in enumerate(acts, 1):  # noqa: B007 - k names the failing action
            st.apply(a)
        if r.tricks and st.phase_name != "play":
            raise IllegalPlayError(f"the declaration leaves the game in its {st.phase_name} phase, not at play")
        if not r.tricks:
            if not st.is_terminal():
                raise IllegalPlayError("the run records no tricks, but the deal was not thrown in")
            return st
        hands = [int(st.row[_F(f"hand{p}")]) for p in range(3)]
        sorted_hands = [[b for b in range(32) if h >> b & 1] for h in hands]
        for t in r.tricks:
            for _ in range(3):
                k += 1
                p = st.current_player
                st.apply(sorted_hands[p][t[p]])
    except IllegalPlayError as e:
        raise IllegalPlayError(f"action {k}: {e}") from None
    return st
