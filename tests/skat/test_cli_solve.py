"""``bitcards skat solve`` through main(): results equal skat.solve, JSON values, one-line errors, --keep-going."""

from __future__ import annotations

import json

import pytest

from bitcards.skat import solve
from tests.skat.test_cli import run

LINES = {
    "clubs 0 0 / HA CJ / S8 CT / D8 H9": (["HA CJ", "S8 CT", "D8 H9"], "", "clubs", 0, 0),
    "grand 1 2 / CJ SJ / HA H7 / DA D7 / CA CT": (["CJ SJ", "HA H7", "DA D7"], "CA CT", "grand", 1, 2),
    "null 0 1 / 7H 8H / AH KH / AS TS": (["H7 H8", "HA HK", "SA ST"], "", "null", 0, 1),
    "kreuz 2 0 / EU GU EA / R7 RA RK / S8 SX S9": (["CJ SJ CA", "H7 HA HK", "D8 DT D9"], "", "clubs", 2, 0),
}


def test_lines_match_solve(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "positions.txt"
    f.write_text("# positions\n\n" + "\n".join(LINES) + "\n", encoding="utf-8")
    rc, out, err = run(capsys, ["skat", "solve", str(f)])
    assert rc == 0 and err == ""
    assert out.splitlines() == [str(solve(*a)) for a in LINES.values()]


def test_text_names_each_flag(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # a two-trick position: the declarer takes both tricks (schwarz) yet has only the 23 points in play (tricks
    # before the position are not known), so the text says which flag is which, not a bare "every trick" by "lost"
    r = solve(*LINES["clubs 0 0 / HA CJ / S8 CT / D8 H9"])
    assert (r.points, r.won, r.schwarz, r.schneider_against, r.schwarz_against) == (23, False, True, True, False)
    rc, out, _ = run(capsys, ["skat", "solve"], "clubs 0 0 / HA CJ / S8 CT / D8 H9\n", monkeypatch)
    assert rc == 0
    assert out == "clubs: declarer 23 points, lost (schwarz: takes every trick; schneider against: 30 or fewer)\n"


def test_json_values(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rc, out, _ = run(capsys, ["skat", "solve", "--json"], "\n".join(LINES) + "\n", monkeypatch)
    rows = [json.loads(x) for x in out.splitlines()]
    assert rc == 0 and [r["line"] for r in rows] == [1, 2, 3, 4]
    for row, a in zip(rows, LINES.values(), strict=True):
        want = solve(*a, values=True)
        assert row["values"] == want.values and row["best"] == want.best and row["losses"] == want.losses
        assert row["won"] == want.won and row.get("points") == want.points
    assert rows[0]["values"] == {"AH": 2, "JC": 23}  # the ace of hearts would be trumped by the ten of clubs


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("clubs 0 0 / CJ SJ / HA / DA D7", "line 1: hands of unequal size"),
        ("clubs 0 0 / CJ SJ / HA CJ / DA D7", "line 1: card JC is given twice"),
        ("poker 0 0 / CJ / HA / DA", "line 1: unknown game 'poker'"),
        ("clubs 0 0 / / / ", "line 1: the hands are empty: the game is over"),
        ("clubs 3 0 / CJ / HA / DA", "line 1: declarer must be a seat 0, 1 or 2, not '3'"),
        ("clubs 0 0 CJ HA DA", "line 1: expected 'GAME DECLARER LEADER"),
        ("clubs 0 0 / CJ / HA / 1X", "'1X'"),
    ],
)
def test_bad_line(capsys, monkeypatch, line: str, needle: str) -> None:  # type: ignore[no-untyped-def]
    rc, out, err = run(capsys, ["skat", "solve"], line + "\n", monkeypatch)
    assert rc == 2 and out == "" and needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_keep_going(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    text = "clubs 0 0 / CJ SJ / HA / DA D7\nclubs 0 0 / HA CJ / S8 CT / D8 H9\npoker 0 0 / CJ / HA / DA\n"
    rc, out, err = run(capsys, ["skat", "solve", "--keep-going"], text, monkeypatch)
    assert rc == 2 and out == str(solve(*LINES["clubs 0 0 / HA CJ / S8 CT / D8 H9"])) + "\n"
    assert [e.split(":")[2].strip() for e in err.splitlines()] == ["line 1", "line 3"]


def test_no_position(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # as every bulk command: input with no position gives no output and exit 0
    rc, out, err = run(capsys, ["skat", "solve"], "# nothing\n", monkeypatch)
    assert (rc, out, err) == (0, "", "")
