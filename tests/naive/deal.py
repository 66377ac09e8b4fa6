"""A plain-Python dealer that follows bitcards' documented stream step by step.

Used to check that the kernel does exactly what bitcards.deal documents:
SplitMix64 per row, batched multiply-high draws with Lemire's rejection,
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
    t = 0
    while t < n_draws:
        # a batch: as many ranges as fit one 64-bit number
        ranges = []
        prod = 1
        while t + len(ranges) < n_draws and prod * (n_cards - t - len(ranges)) <= 1 << 64:
            prod *= n_cards - t - len(ranges)
            ranges.append(n_cards - t - len(ranges))
        while True:
            x = next_u64()
            if (x * prod) & M64 >= (1 << 64) % prod:
                break
        for r in ranges:
            j, x = (x * r) >> 64, (x * r) & M64
            drawn.append(remaining.pop(j))
        t += len(ranges)
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
