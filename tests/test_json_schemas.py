"""Every command's --json output validates against the JSON Schema shipped for it (bitcards/schemas/<command>.json).

Each command runs in-process on a small input from tests/data; every output line is one JSON object, checked
against its schema. The schemas hold the shared shape: a row read from input carries ``"line"`` (1-based),
a generated row carries ``"row"``, and cards are lists of card names.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from bitcards.cli import build_parser, main

DATA = Path(__file__).parent / "data"

#: command (its words joined by "-") -> (argv, file for stdin or None)
CASES: dict[str, tuple[list[str], str | None]] = {
    "games": (["games", "--json"], None),
    "deal": (["deal", "skat", "-n", "2", "--seed", "1", "--json"], None),
    "skat-bid": (["skat", "bid", "--json", str(DATA / "skat_bid.txt")], None),
    "skat-value": (
        ["skat", "value", "CJ", "SJ", "HJ", "CA", "CT", "CK", "CQ", "C9", "SA", "ST", "HA", "DA", "--game", "clubs",
         "--points", "90", "--json"],
        None,
    ),  # fmt: skip
    "skat-stats": (["skat", "stats", "-n", "100", "--seed", "1", "--json"], None),
    "skat-id-encode": (["skat", "id", "encode", "--json", str(DATA / "skat_deal.txt")], None),
    "skat-id-decode": (["skat", "id", "decode", "--json"], "skat_ids.txt"),
    "skat-run-id-encode": (["skat", "run-id", "encode", "--json", str(DATA / "skat_run.txt")], None),
    "skat-run-id-decode": (["skat", "run-id", "decode", "--json"], "skat_run_ids.txt"),
    "cribbage-score": (["cribbage", "score", "--json", str(DATA / "cribbage_score.txt")], None),
    "cribbage-discard": (["cribbage", "discard", "--json", str(DATA / "cribbage_discard.txt")], None),
    "cribbage-stats": (["cribbage", "stats", "-n", "10", "--seed", "1", "--no-progress", "--json"], None),
    "euchre-sort": (["euchre", "sort", "--json", str(DATA / "euchre_sort.txt")], None),
    "jass-check": (["jass", "check", "--json", str(DATA / "jass_check.txt")], None),
    "jass-play": (["jass", "play", "-n", "2", "--seed", "1", "--json"], None),
    "simulate": (["simulate", "skat-bid", "-n", "100", "--seed", "1", "--no-progress", "--json"], None),
    "skat-solve": (["skat", "solve", "--json", str(DATA / "skat_solve.txt")], None),
    "skat-play": (["skat", "play", "-n", "2", "--seed", "1", "--json"], None),
    "skat-replay": (["skat", "replay", "--json", str(DATA / "skat_runs.txt")], None),
    "cribbage-peg": (["cribbage", "peg", "--json", str(DATA / "cribbage_peg.txt")], None),
    "cribbage-play": (["cribbage", "play", "-n", "2", "--seed", "1", "--json"], None),
    "euchre-solve": (["euchre", "solve", "--json", str(DATA / "euchre_solve.txt")], None),
    "jass-solve": (["jass", "solve", "--json", str(DATA / "jass_solve.txt")], None),
}

#: the row key of each bulk command's objects here: "line" for input read from a file or stdin, "row" for generated rows
ROW_KEY = {
    c: "line"
    for c in CASES
    if c.endswith(("-bid", "-encode", "-decode", "-score", "-discard", "-sort", "-check", "-solve", "-peg", "-replay"))
}
ROW_KEY |= {"deal": "row", "jass-play": "row", "skat-play": "row"}

def _json_commands(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> list[str]:
    """Every command (words joined by "-") whose parser has a --json option."""
    found = []
    if any("--json" in a.option_strings for a in parser._actions):
        found.append("-".join(words))
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, p in a.choices.items():
                found += _json_commands(p, (*words, name))
    return found


def _schema(command: str) -> dict[str, Any]:
    text = resources.files("bitcards").joinpath("schemas", f"{command}.json").read_text(encoding="utf-8")
    return json.loads(text)


def test_every_json_command_has_a_schema_and_a_case() -> None:
    commands = sorted(_json_commands(build_parser()))
    assert commands == sorted(CASES)
    shipped = sorted(p.name.removesuffix(".json") for p in resources.files("bitcards").joinpath("schemas").iterdir())
    assert shipped == commands


@pytest.mark.parametrize("command", list(CASES))
def test_output_validates(command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv, stdin = CASES[command]
    schema = _schema(command)
    jsonschema.Draft202012Validator.check_schema(schema)
    monkeypatch.setattr(sys, "stdin", io.StringIO((DATA / stdin).read_text() if stdin else ""))
    rc = main(argv)
    out = capsys.readouterr().out
    assert rc in (0, 1)  # jass check: 1 when a record is illegal
    lines = out.splitlines()
    assert lines
    validator = jsonschema.Draft202012Validator(schema)
    for text in lines:
        obj = json.loads(text)
        validator.validate(obj)
        if command in ROW_KEY:
            assert ROW_KEY[command] in obj, text


def test_a_schema_refuses_the_old_shapes() -> None:
    """The schemas can fail: a space-joined hand, a card index and a missing row key are refused."""
    v = jsonschema.Draft202012Validator(_schema("skat-bid"))
    ok = {"line": 1, "hand": ["JC", "JS"], "result": "pass", "value": 0, "suit": None, "jack_factor": 2}
    assert v.is_valid(ok)
    assert not v.is_valid(ok | {"hand": "JC JS"})
    assert not v.is_valid(ok | {"hand": [0, 1]})
    assert not v.is_valid({k: x for k, x in ok.items() if k != "hand"})
    assert not jsonschema.Draft202012Validator(_schema("cribbage-score")).is_valid({"hand": ["5H"], "starter": "8D", "score": 2})
