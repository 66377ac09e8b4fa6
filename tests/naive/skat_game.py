"""A whole Skat deal written plainly from the rules (skat-rules.md), to check the engine against.

Actions are names: "pass", "hold", "bid 18", "pickup", "hand", card names, declarations such as
"grand hand schneider", "kontra", "re". :class:`Deal` holds the state; ``legal()`` lists the legal
names, ``act(name)`` applies one (AssertionError if it is not legal), ``result()`` settles.
"""

from __future__ import annotations

import random

from tests.naive.skat import GAMES, card_points, cards_of, game_value, legal, trick_winner

SUITS = "DHSC"
RANKS = "789TJQKA"
#: every game value a bid can name, 18 .. 264
BIDS = sorted({b * m for b in (9, 10, 11, 12) for m in range(2, 19)} | {24 * m for m in range(2, 12)} | {23, 35, 46, 59})
NULL_VALUE = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}


def name(c: tuple[str, str]) -> str:
    return c[1] + c[0]


class Deal:
    def __init__(self, masks: list[int], ramsch: bool = False, kontra: bool = False, bock: bool = False) -> None:
        self.hands = [cards_of(m) for m in masks[:3]]
        self.skat = cards_of(masks[3])
        self.skat0 = list(self.skat)
        self.ramsch, self.kontra_on, self.bock = ramsch, kontra, bock
        self.phase = "bidding"
        self.bid = 0
        # bidding: (bidder, answerer) pairs in order; "to" is who acts
        self.stage = 1
        self.bidder, self.answerer = 1, 0
        self.to = 1
        self.declarer: int | None = None
        self.hand_game = False
        self.game: str | None = None
        self.announce: str | None = None
        self.ouvert = False
        self.kontra = 0
        self.dealt12: list[tuple[str, str]] = []
        self.trick: list[tuple[str, str]] = []
        self.leader = 0
        self.points = [0, 0, 0]
        self.tricks = [0, 0, 0]
        self.tricks_played: list[list[tuple[str, str]]] = []
        self.over = False

    # --- what may be done -------------------------------------------------------------
    def legal(self) -> list[str]:
        if self.over:
            return []
        p = self.to
        if self.phase == "bidding":
            if self.stage != 3 and p == self.answerer:
                return ["pass", "hold"]
            return ["pass"] + [f"bid {v}" for v in BIDS if v > self.bid]
        if self.phase == "pickup":
            return ["pickup", "hand"]
        if self.phase == "discard":
            return [name(c) for c in self.hands[p]]
        if self.phase == "declare":
            out = []
            for g in GAMES[:5]:
                out.append(g + (" hand" if self.hand_game else ""))
                if self.hand_game:
                    out += [f"{g} hand schneider", f"{g} hand schwarz", f"{g} hand ouvert"]
            for ouv in (False, True):
                if NULL_VALUE[(self.hand_game, ouv)] >= self.bid:
                    out.append("null" + (" ouvert" if ouv else "") + (" hand" if self.hand_game else ""))
            return out
        if self.phase == "kontra":
            return ["pass", "re" if p == self.declarer else "kontra"]
        game = "grand" if self.game == "ramsch" else self.game
        led = self.trick[0] if self.trick else None
        return [name(c) for c in legal(self.hands[p], led, game)]

    # --- doing it ---------------------------------------------------------------------
    def act(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal())
        p = self.to
        if self.phase == "bidding":
            self._bidding(p, action)
        elif self.phase == "pickup":
            self.dealt12 = self.hands[p] + self.skat0
            if action == "pickup":
                self.hands[p] = self.hands[p] + self.skat
                self.skat = []
                self.phase = "discard"
            else:
                self.hand_game = True
                self.phase = "declare"
        elif self.phase == "discard":
            c = next(c for c in self.hands[p] if name(c) == action)
            self.hands[p].remove(c)
            self.skat.append(c)
            if len(self.skat) == 2:
                self.phase = "declare"
        elif self.phase == "declare":
            words = action.split()
            self.game = words[0]
            self.ouvert = "ouvert" in words
            if "schwarz" in words or (self.ouvert and self.game != "null"):
                self.announce = "schwarz"
            elif "schneider" in words:
                self.announce = "schneider"
            if self.kontra_on:
                self.phase = "kontra"
                self.to = [q for q in range(3) if q != self.declarer][0]
            else:
                self._start_play()
        elif self.phase == "kontra":
            defenders = [q for q in range(3) if q != self.declarer]
            if p == self.declarer:
                self.kontra = 2 if action == "re" else 1
                self._start_play()
            elif action == "kontra":
                self.kontra = 1
                self.to = self.declarer  # type: ignore[assignment]
            elif p == defenders[0]:
                self.to = defenders[1]
            else:
                self._start_play()
        else:
            self._play(p, action)

    def _bidding(self, p: int, action: str) -> None:
        if self.stage == 3:
            if action == "pass":
                self._no_declarer()
            else:
                self.bid = int(action.split()[1])
                self._declarer(0)
            return
        if p == self.bidder:
            if action != "pass":
                self.bid = int(action.split()[1])
                self.to = self.answerer
                return
            winner = self.answerer
        else:
            if action == "hold":
                self.to = self.bidder
                return
            winner = self.bidder
        if self.stage == 1:  # rearhand bids to the winner
            self.stage, self.bidder, self.answerer, self.to = 2, 2, winner, 2
        elif self.bid > 0:
            self._declarer(winner)
        else:  # nobody has bid: forehand may
            self.stage, self.bidder, self.answerer, self.to = 3, 0, -1, 0

    def _declarer(self, p: int) -> None:
        self.declarer = p
        self.phase = "pickup"
        self.to = p

    def _no_declarer(self) -> None:
        if self.ramsch:
            self.game = "ramsch"
            self._start_play()
        else:
            self.over = True

    def _start_play(self) -> None:
        self.phase = "play"
        self.to = 0
        self.leader = 0

    def _play(self, p: int, action: str) -> None:
        c = next(c for c in self.hands[p] if name(c) == action)
        self.hands[p].remove(c)
        self.trick.append(c)
        if len(self.trick) < 3:
            self.to = (p + 1) % 3
            return
        game = "grand" if self.game == "ramsch" else self.game
        w = (self.leader + trick_winner(self.trick, game)) % 3  # type: ignore[arg-type]
        self.points[w] += card_points(self.trick)
        self.tricks[w] += 1
        self.tricks_played.append(self.trick)
        self.trick = []
        self.leader = self.to = w
        if len(self.tricks_played) == 10:
            self.over = True
            last = w if self.game == "ramsch" else self.declarer
            self.points[last] += card_points(self.skat)  # type: ignore[index]

    # --- the result ---------------------------------------------------------------------
    def result(self) -> dict:
        assert self.over
        out: dict = {"declarer": self.declarer, "bid": self.bid, "game": self.game, "points": list(self.points),
                     "tricks": list(self.tricks), "returns": [0, 0, 0], "score": 0}
        if self.game is None:
            return out
        bock = 2 if self.bock else 1
        if self.game == "ramsch":
            if 10 in self.tricks:
                out["returns"] = [120 * bock if t == 10 else 0 for t in self.tricks]
                return out
            most = max(self.points)
            factor = 2 if 0 in self.tricks else 1
            out["returns"] = [-most * factor * bock if pts == most else 0 for pts in self.points]
            out["score"] = -most * factor * bock
            return out
        d = self.declarer
        assert d is not None
        value, won, score = game_value(self.dealt12, self.game, self.hand_game, self.announce, self.ouvert,
                                       self.points[d], self.tricks[d], self.bid)
        score *= 2 ** self.kontra * bock
        out.update(value=value, won=won, score=score)
        if score > 0:
            out["returns"] = [score + 50 if q == d else 0 for q in range(3)]
        else:
            out["returns"] = [score - 50 if q == d else 40 for q in range(3)]
        return out


def replay(masks: list[int], actions: list[str], **options: bool) -> dict:
    deal = Deal(masks, **options)
    for a in actions:
        deal.act(a)
    return deal.result()


def random_deal(masks: list[int], rng: random.Random, **options: bool) -> tuple[dict, list[str]]:
    """Play one deal with every action uniform among the legal ones: (result, actions)."""
    deal = Deal(masks, **options)
    actions = []
    while not deal.over:
        a = rng.choice(deal.legal())
        actions.append(a)
        deal.act(a)
    return deal.result(), actions


def random_masks(rng: random.Random) -> list[int]:
    cards = list(range(32))
    rng.shuffle(cards)
    out = []
    for lo, hi in ((0, 10), (10, 20), (20, 30), (30, 32)):
        m = 0
        for b in cards[lo:hi]:
            m |= 1 << b
        out.append(m)
    return out


__all__ = ["Deal", "replay", "random_deal", "random_masks", "BIDS", "SUITS", "RANKS"]
