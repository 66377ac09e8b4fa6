"""Plain-Python reference for skat-game-id ids, written from the format description card by card.

No bit interleaving tricks, no numpy: a loop over the 32 card numbers for the deal id, a loop over
field bits for the run id, the standard library's base64 for text. Also java.util.Random and
Collections.shuffle, to rebuild ``Game.random(seed)`` from the Java tests.
"""

from __future__ import annotations

import base64

CARDS = [s + v for s in "SRGE" for v in "789XUOKA"]  # index = card number
SIZES = (10, 10, 10, 2)


def deal_id(front: list[int], middle: list[int], rear: list[int], skat: list[int]) -> int:
    """sum over cards of code << 2k, code 0 front, 1 middle, 2 rear, 3 skat."""
    x = 0
    for code, hand in ((1, middle), (2, rear), (3, skat)):
        for k in hand:
            x += code << (2 * k)
    assert sorted(front + middle + rear + skat) == list(range(32))
    return x


def deal_id_from_masks(masks: list[int]) -> int:
    hands = [[k for k in range(32) if m >> k & 1] for m in masks]
    return deal_id(*hands)


def deal_from_id(x: int) -> list[list[int]] | None:
    """Java's decoder: visit cards in order, None as soon as a stack would overflow."""
    hands: list[list[int]] = [[], [], [], []]
    for k in range(32):
        code = (x >> (2 * k)) & 3
        if len(hands[code]) == SIZES[code]:
            return None
        hands[code].append(k)
    return hands


def to_bytes(x: int) -> bytes:
    """BitSet.toByteArray(): little-endian, no trailing zero bytes."""
    out = []
    while x:
        out.append(x & 0xFF)
        x >>= 8
    return bytes(out)


def compute_id(x: int) -> str:
    return base64.b64encode(to_bytes(x)).decode()


def compute_decimal(x: int) -> int:
    """new BigInteger(bytes): big-endian two's complement."""
    b = to_bytes(x)
    v = 0
    for byte in b:
        v = v * 256 + byte
    if b and b[0] >= 0x80:
        v -= 1 << (8 * len(b))
    return v


def put(x: int, pos: int, width: int, v: int) -> int:
    """MSB-first field: bit (width-1-j) of v to stream position pos+j (value masked, as Java does)."""
    v &= (1 << width) - 1
    for j in range(width):
        if (v >> (width - 1 - j)) & 1:
            x |= 1 << (pos + j)
    return x


def run_id(hands: list[list[int]], bids: list[int], cards: list[int], kind: int, flags: list[bool],
           tricks: list[list[int]]) -> int:
    """Java's GameRun.computeId bit stream (indices as given)."""
    x = deal_id(*hands)
    for j, b in enumerate(bids):
        x = put(x, 64 + 7 * j, 7, b)
    x = put(x, 85, 5, cards[0])
    x = put(x, 90, 5, cards[1])
    x = put(x, 95, 3, kind)
    for j, f in enumerate(flags):
        x = put(x, 98 + j, 1, int(f))
    pos = 102
    for trick in tricks:
        for i in trick:
            x = put(x, pos, 4, i)
            pos += 4
    return x


class JavaRandom:
    """java.util.Random."""

    def __init__(self, seed: int) -> None:
        self.seed = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)

    def next(self, bits: int) -> int:
        self.seed = (self.seed * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        r = self.seed >> (48 - bits)
        if r >= 1 << 31:
            r -= 1 << 32
        return r

    def next_int(self, bound: int) -> int:
        r = self.next(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        r = u % bound
        while u - r + m >= 1 << 31:
            u = self.next(31)
            r = u % bound
        return r


def java_random_game(seed: int) -> list[list[int]]:
    """Game.random(seed): Collections.shuffle(all cards, new Random(seed)), then slices."""
    cards = list(range(32))
    rnd = JavaRandom(seed)
    for i in range(len(cards), 1, -1):
        j = rnd.next_int(i)
        cards[i - 1], cards[j] = cards[j], cards[i - 1]
    return [cards[0:10], cards[10:20], cards[20:30], cards[30:32]]
