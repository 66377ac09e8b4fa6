"""One rule for each thing across the CLI (issue 17, "Inconsistent CLI"): input from a FILE or stdin,
``-n N`` for every count of things made or sampled, one seed policy, ``--version``/``-V``, shell
completion, help texts a user can read."""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys

import pytest

from bitcards import __version__
from bitcards.cli import build_parser, main

HAND = "JC JS JD AC KC 9C AS 7H QD 8D"
SIX = "5H 5D 6C 7S JD KD"


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str | None = None):  # type: ignore[no-untyped-def]
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc = main(argv)
    out, err = capsys.readouterr()
    return rc, out, err


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    yield path, parser
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for name, child in a.choices.items():
                yield from _commands(child, (*path, name))


# --- input from FILE or stdin ------------------------------------------------------------------------


def test_skat_bid_reads_a_file_given_as_argument(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``bitcards skat bid hand.txt`` said "unknown card 'hand.txt'"; a file (or ``-``) is read like --file."""
    p = tmp_path / "hand.txt"
    p.write_text(f"{HAND}\n{HAND}\n")
    want = run(["skat", "bid", "--file", str(p)], capsys, monkeypatch)
    assert want == (0, "36 Clubs\n36 Clubs\n", "")
    assert run(["skat", "bid", str(p)], capsys, monkeypatch) == want
    assert run(["skat", "bid", "-"], capsys, monkeypatch, stdin=p.read_text()) == want
    assert run(["skat", "bid", HAND], capsys, monkeypatch) == (0, "36 Clubs\n", "")  # one quoted argument: the cards


def test_cribbage_discard_reads_stdin_or_a_file(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``cribbage discard`` ignored stdin; with no cards it reads one hand of six a line, from stdin or a FILE."""
    one = run(["cribbage", "discard", *SIX.split()], capsys, monkeypatch)
    assert one[0] == 0 and one[1].count("\n") == 16
    rc, out, err = run(["cribbage", "discard"], capsys, monkeypatch, stdin=f"{SIX}\n\n# note\n{SIX}\n")
    assert (rc, out, err) == (0, one[1] + "\n" + one[1], "")
    p = tmp_path / "hands.txt"
    p.write_text(f"{SIX}\nAH 2H 3H\n{SIX}\n")
    rc, out, err = run(["cribbage", "discard", str(p), "--keep-going"], capsys, monkeypatch)
    assert rc == 2 and out == one[1] + "\n" + one[1] and err == "bitcards: error: line 2: discard advice needs 6 cards, got 3\n"
    rc, out, err = run(["cribbage", "discard", str(p), "--json"], capsys, monkeypatch)
    assert rc == 2 and out.count("\n") == 1 and '"line": 1' in out and "line 2" in err


# --- -n N everywhere --------------------------------------------------------------------------------

COUNTS = [
    (["deal", "skat"], "n"),
    (["jass", "play"], "n"),
    (["skat", "stats"], "sample"),
    (["cribbage", "stats"], "deals"),
    (["simulate", "skat-jacks"], "deals"),
    (["demo"], "deals"),
]


@pytest.mark.parametrize(("argv", "dest"), COUNTS)
def test_every_maker_takes_dash_n(argv: list[str], dest: str) -> None:
    """``cribbage stats -n 100`` was refused: every command that makes or samples things takes ``-n N``
    (the long forms stay as aliases), in every number syntax."""
    parser = build_parser()
    assert getattr(parser.parse_args([*argv, "-n", "1e3"]), dest) == 1000
    long = {"n": None, "sample": "--sample", "deals": "--deals"}[dest]
    if long:
        assert getattr(parser.parse_args([*argv, long, "1_000"]), dest) == 1000


# --- one seed policy ----------------------------------------------------------------------------------

SEEDED = [
    ["deal", "skat", "-n", "3"],
    ["jass", "play", "-n", "2"],
    ["skat", "stats", "-n", "200", "--json"],
    ["cribbage", "stats", "-n", "50", "--no-progress", "--json"],
    ["simulate", "skat-jacks", "-n", "100", "--no-progress", "--json"],
]


@pytest.mark.parametrize("argv", SEEDED, ids=lambda a: " ".join(a[:2]))
def test_one_seed_policy(argv: list[str], capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Without --seed a fresh seed is chosen and printed on stderr as ``seed: N``; --seed N repeats the run
    (``jass play`` required --seed; ``skat stats --sample`` silently used 2026)."""
    rc, out, err = run(argv, capsys, monkeypatch)
    m = re.fullmatch(r"seed: (\d+)\n", err)
    assert rc == 0 and m, err
    rc2, out2, err2 = run([*argv, "--seed", m.group(1)], capsys, monkeypatch)
    assert rc2 == 0 and err2 == ""
    drop_time = re.compile(r'"seconds": [0-9.e+-]+')
    assert drop_time.sub("", out2) == drop_time.sub("", out)
    rc3, out3, _ = run([*argv, "--seed", str(int(m.group(1)) ^ 1)], capsys, monkeypatch)
    assert drop_time.sub("", out3) != drop_time.sub("", out)


# --- version, completion, help --------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag: str, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as ei:
        main([flag])
    assert ei.value.code == 0 and capsys.readouterr().out == f"bitcards {__version__}\n"


def test_bash_completion_names_every_command(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    rc, script, _ = run(["completion", "bash"], capsys, monkeypatch)
    assert rc == 0
    for path, parser in _commands(build_parser()):
        key = " ".join(path)
        entry = re.search(rf'^\s+"{re.escape(key)}"\) words="([^"]*)"', script, re.M)
        assert entry, f"no completion for {key!r}"
        words = entry.group(1).split()
        for a in parser._actions:
            assert all(s in words for s in a.option_strings), (key, a.option_strings)
            if isinstance(a, argparse._SubParsersAction):
                assert set(a.choices) <= set(words), key
    rc, zsh, _ = run(["completion", "zsh"], capsys, monkeypatch)
    assert rc == 0 and zsh.startswith("#compdef bitcards\n") and "bashcompinit" in zsh


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_completion_completes(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The script runs in bash and completes commands, subcommands and option values."""
    _, script, _ = run(["completion", "bash"], capsys, monkeypatch)
    probe = script + """
COMP_WORDS=(bitcards sk); COMP_CWORD=1; _bitcards; echo "${COMPREPLY[*]}"
COMP_WORDS=(bitcards skat ""); COMP_CWORD=2; _bitcards; echo "${COMPREPLY[*]}"
COMP_WORDS=(bitcards euchre sort --cycle ""); COMP_CWORD=4; _bitcards; echo "${COMPREPLY[*]}"
COMP_WORDS=(bitcards skat id en); COMP_CWORD=3; _bitcards; echo "${COMPREPLY[*]}"
"""
    p = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert p.stdout.splitlines() == ["skat", "-h --help bid value stats id run-id solve play replay iss", "bob dominik", "encode"]


def test_help_texts_have_no_markup() -> None:
    """``bitcards deal --help`` printed a raw Sphinx role (``:data:`CHUNK```); no help shows reST markup."""
    for path, parser in _commands(build_parser()):
        text = parser.format_help()
        assert not re.search(r":(data|func|class|mod|meth):|``", text), (path, text)


def test_skat_id_help_keeps_its_list(capsys) -> None:  # type: ignore[no-untyped-def]
    """``bitcards skat id --help`` ran its bullet list into one paragraph."""
    with pytest.raises(SystemExit):
        main(["skat", "id", "--help"])
    out = capsys.readouterr().out
    bullets = [ln for ln in out.splitlines() if ln.startswith("  * ")]
    assert [b.split()[1:3] for b in bullets] == [["id", "encode"], ["id", "decode"], ["run-id", "encode"], ["run-id", "decode"]]


def test_help_texts_are_valid_restructured_text() -> None:
    """The API reference renders every help text as reST; an indented line after a paragraph (an
    example's continuation) was an error there but not in ``--help``."""
    docutils_core = pytest.importorskip("docutils.core")
    for path, parser in _commands(build_parser()):
        for what, text in (("description", parser.description), ("epilog", parser.epilog)):
            if not text:
                continue
            err = io.StringIO()
            docutils_core.publish_doctree(text, settings_overrides={"warning_stream": err, "report_level": 2})
            assert err.getvalue() == "", (path, what, err.getvalue())


_EXAMPLE = re.compile(r"Example::\n\n    echo \"([^\"]*)\" \| bitcards ([^\n]*)\n    ->  ([^\n]*)")


def test_help_examples_print_what_they_show(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each ``Example::`` block of the form ``echo "LINE" | bitcards ARGS`` / ``->  OUTPUT`` runs as shown."""
    seen = 0
    for path, parser in _commands(build_parser()):
        for line, argv, shown in _EXAMPLE.findall(parser.description or ""):
            rc, out, err = run(argv.split(), capsys, monkeypatch, stdin=line + "\n")
            assert (rc, err, out.strip()) == (0, "", shown.strip()), path
            seen += 1
    assert seen == 3  # skat, euchre and jass solve
