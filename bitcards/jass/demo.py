"""The Jass part of ``make demo``: the six example deals of the Jass card-play challenge, checked, one line each."""

from __future__ import annotations

from collections.abc import Callable

#: (the challenge's label, the record as the challenge writes it, winner brackets included)
SEED_EXAMPLES: list[tuple[str, str]] = [
    ("truthy", """h
(h9)s6 h7 hQ
 h6 s7(hJ)hA
 sQ s9(sA)d8
(hT)sK sT c8
 s8 d6(sJ)cJ
(cA)cK c9 cQ
 c6 cT(h8)dJ
 c7 d7 dQ(dA)
(hK)d9 dK dT"""),
    ("truthy", """c
(c9)s6 cT c8
 h7 hA(c6)h6
 d9 d7 d6(dA)
 s9(hK)h9 hJ
 dT(dK)h8 dQ
 sK(sA)sJ s7
 cK hQ(cA)hT
(cQ)sQ sT s8
 c7(cJ)dJ d8"""),
    ("truthy", """u
(c6)cA cT cJ
(c7)cK cQ c8
 h7(h6)hK h8
 hQ hT c9(h9)
 d9 dA dK(d6)
 d8(d7)dT dQ
 s9(hJ)sA hA
 sQ sK sJ(s6)
 s8 sT s7(dJ)"""),
    ("truthy", """o
 c6 s6(cK)c9
 cJ s7(cQ)c8
(cA)d9 cT h6
(c7)sJ hK d7
 sQ hQ(sA)s9
 hJ(hA)h7 dJ
 s8(hT)h9 sK
 d8(h8)d6 sT
 dT dK dQ(dA)"""),
    ("falsy", """d
 cQ c9 c8(cA)
 hJ h9(hA)h6
(d9)dK h8 hQ
(sA)s6 sQ sJ
(sK)s7 s9 c6
(hK)s8 cJ h7
 cT dT(dQ)c7
(dA)sT d8 cK
 d7(dJ)d6 hT"""),
    ("falsy", """u
(d6)dK dJ dA
(d7)dT sJ dQ
(d8)h9 hQ d9
(h6)hT sA hJ
(h7)sQ cQ hK
 s7(s6)sT sK
 cA cK(c9)s9
 s8 c8(c6)cT
 hA(c7)cJ h8"""),
]


def tour(write: Callable[[str], None]) -> None:
    """Check the challenge's six examples and print one line each: its label, then bitcards' verdict."""
    from bitcards.jass.play import check

    write("The six example deals of the Jass card-play challenge (code golf), as it labels them, checked:")
    for i, (label, text) in enumerate(SEED_EXAMPLES, start=1):
        v = check(text)
        note = ""
        if label == "truthy" and not v.legal:
            note = f"  (the challenge labels it truthy, but the rules allow only {v.allowed} there)"
        write(f"example {i} ({v.contract}, labelled {label}): {v}; points {v.points[0]}:{v.points[1]}{note}")
