"""A plain-Python dealer that follows bitcards' documented stream step by step.

Used to check that the kernel does exactly what bitcards.deal documents:
SplitMix64 per row, 32-bit multiply-shift draws with Lemire's rejection,
the j-th remaining card in bit order.
"""

from __future__ import annotations

M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    z &= M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def deal_row(key: int, row: int, n_cards: int, sizes: list[int], order: list[int]) -> list[int]:
    state = mix64(key ^ mix64((row * GAMMA + 1) & M64))

    def next_u64() -> int:
        nonlocal state
        state = (state + GAMMA) & M64
        return mix64(state)

    remaining = list(range(n_cards))  # card indices in bit order
    dealt = sum(sizes)
    n_draws = dealt - sizes[-1] if dealt == n_cards else dealt
    drawn: list[int] = []
    x = 0
    for t in range(n_draws):
        r = n_cards - t
        while True:
            if t % 2 == 0:
                x = next_u64()
                y = x & 0xFFFFFFFF
            else:
                y = x >> 32
            p = y * r
            if (p & 0xFFFFFFFF) >= (1 << 32) % r:
                break
            x = next_u64()
        drawn.append(remaining.pop(p >> 32))
    hands = [0] * len(sizes)
    pos = 0
    for h, size in enumerate(sizes):
        cards = drawn[pos : pos + size] if pos < len(drawn) else remaining
        if h == len(sizes) - 1 and dealt == n_cards:
            cards = remaining
        for c in cards:
            hands[order[h]] |= 1 << c
        pos += size
    return hands
