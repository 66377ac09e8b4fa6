"""``bitcards euchre solve`` and ``bitcards jass solve``: answers from the naive minimax, JSON, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bitcards.cli import main
from tests.naive import euchre_solve, jass_solve


def run(argv: list[str], capsys) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    try:
        rc = main(argv)
    except SystemExit as e:
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


def write(tmp_path: Path, text: str) -> str:
    p = tmp_path / "positions.txt"
    p.write_text(text, encoding="utf-8")
    return str(p)


EUCHRE = [
    ("s", 0, None, ["Js Jc As", "Ah Kh Qh", "9s Ts Qs", "Ad Kd Qd"]),
    ("Hearts", 1, None, ["9h Ac Kd", "Jd Qs 9c", "Th Ks Tc", "Ah Ts Qc"]),
    ("c", 1, 1, ["Ah Kh", "9s 9c", "Ts Tc", ""]),
]


def test_euchre_solve_matches_minimax(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    lines = []
    for trump, leader, alone, hands in EUCHRE:
        extra = f" alone {alone}" if alone is not None else ""
        lines.append(f"{trump} {leader}{extra} / " + " / ".join(hands))
    rc, out, err = run(["euchre", "solve", "--json", write(tmp_path, "# positions\n\n" + "\n".join(lines) + "\n")], capsys)
    assert rc == 0 and err == ""
    rows = [json.loads(x) for x in out.splitlines()]
    for row, (trump, leader, alone, hands) in zip(rows, EUCHRE):
        t = trump[0].lower()
        want = euchre_solve.tricks([h.split() for h in hands], t, leader, alone)
        assert row["tricks"][0] == want
        assert set(row["values"]) == set(row["losses"])
    rc, out, _ = run(["euchre", "solve", write(tmp_path, lines[0])], capsys)
    assert out == "Spades: team 0 takes 3, team 1 takes 0\n"


def test_jass_solve_matches_minimax(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    pos = [("h", 0, ["hJ h9", "hA hK", "s6 s7", "sA sK"]), ("u", 2, ["d6 s8 cA", "dA hT c7", "h6 hK s6", "d8 sQ c9"])]
    text = "\n".join(f"{c} {ld} / " + " / ".join(h) for c, ld, h in pos)
    rc, out, err = run(["jass", "solve", "--json", write(tmp_path, text)], capsys)
    assert rc == 0 and err == ""
    for line, (c, ld, h) in zip(out.splitlines(), pos):
        row = json.loads(line)
        assert row["points"][0] == jass_solve.points([x.split() for x in h], c, ld)
    rc, out, _ = run(["jass", "solve", write(tmp_path, text.splitlines()[0])], capsys)
    assert out == "h (hearts trump): team 0 takes 169, team 1 takes 0\n"  # every trick: the match's 100


@pytest.mark.parametrize(
    ("game", "line", "msg"),
    [
        ("euchre", "s 0 / Js Jc / Ah / 9s / Ad", "line 1: hands of unequal size"),
        ("euchre", "s 0 / Js / Js / 9s / Ad", "line 1: card Js is in two hands"),
        ("euchre", "x 0 / Js / Jc / 9s / Ad", "line 1: unknown trump 'x'"),
        ("euchre", "s 5 / Js / Jc / 9s / Ad", "line 1: the leader must be a seat"),
        ("euchre", "s 0 / Js / Jc / 9s", "line 1: expected"),
        ("jass", "x 0 / hJ / hA / s6 / sA", "line 1: unknown contract 'x'"),
        ("jass", "h 0 / hJ h9 / hA / s6 / sA", "line 1: hands of unequal size"),
        ("jass", "h 0 alone 1 / hJ / hA / s6 / sA", "line 1: expected"),
    ],
)
def test_bad_lines(tmp_path: Path, capsys, game: str, line: str, msg: str) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run([game, "solve", write(tmp_path, line + "\n")], capsys)
    assert rc == 2 and out == ""
    assert len(err.splitlines()) == 1 and msg in err and "Traceback" not in err


def test_keep_going_answers_the_good_lines(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    text = "h 0 / hJ / hA hK / s6 / sA\nh 0 / hJ / hA / s6 / sA\n"
    rc, out, err = run(["jass", "solve", "--keep-going", write(tmp_path, text)], capsys)
    assert rc == 2
    assert out.count("team 0 takes") == 1 and "line 1:" in err and len(err.splitlines()) == 1


def test_empty_input(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    # as every bulk command: input with no position gives no output and exit 0
    rc, out, err = run(["euchre", "solve", write(tmp_path, "\n# nothing\n")], capsys)
    assert (rc, out, err) == (0, "", "")


@pytest.mark.jit
def test_a_command_that_compiles_says_so_on_a_terminal(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A first solve compiles for a minute or two; on a terminal the command says so once, in one line on stderr,
    when Numba has compiled for NOTE_AFTER seconds (here 0: at once). A solve that compiles a new kernel each time
    stands in for the first one (the real solver is compiled already); off a terminal nothing is said."""
    import sys

    import numba

    import bitcards.cli
    import bitcards.jass.solver as mod

    real = mod.solve

    def compiling_solve(*args, **kws):  # type: ignore[no-untyped-def]
        fresh = numba.njit(cache=False)(lambda x: x + 1)  # a new kernel: its first call compiles
        assert fresh(1) == 2
        return real(*args, **kws)

    line = "h 0 / hJ h9 / hA hK / s6 s7 / sA sK"
    path = write(tmp_path, f"{line}\n{line}\n")
    rc, plain, err = run(["jass", "solve", path], capsys)
    assert (rc, err) == (0, "")
    monkeypatch.setattr(mod, "solve", compiling_solve)
    monkeypatch.setattr(bitcards.cli, "NOTE_AFTER", 0.0)
    rc, out, err = run(["jass", "solve", path], capsys)
    assert (rc, out, err) == (0, plain, "")  # not a terminal: nothing said
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    rc, out, err = run(["jass", "solve", path], capsys)
    assert (rc, out) == (0, plain)
    assert err == "bitcards: compiling kernels for their first use: up to a minute or two, once (then they are cached)\n"
    monkeypatch.setattr(mod, "solve", real)
    rc, out, err = run(["jass", "solve", path], capsys)
    assert (rc, out, err) == (0, plain, "")  # nothing compiles: nothing said
