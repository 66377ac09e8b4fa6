"""Hostile input and faults: every failure of the hostile-input report (F1...) as a test.

Each test names its item. In-process CLI tests (``bitcards.cli.main``) where the process itself is
not what is tested; a subprocess where it is (closed stdout, /dev/full, Ctrl-C, read-only installs).
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bitcards.cli import main
from tests.jass.seed import TRUTHY_1

HAND = ["JC", "JS", "JD", "AC", "KC", "9C", "AS", "7H", "QD", "8D"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)``: (exit code, stdout, stderr); argparse's own errors count as their exit code."""
    try:
        rc = main(argv)
    except SystemExit as e:
        rc = int(e.code or 0)
    out, err = capsys.readouterr()
    return rc, out, err


def bitcards(*argv: str, **kw) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run([sys.executable, "-m", "bitcards", *argv], capture_output=True, text=True, **kw)


# --- F5, F11: output that cannot be written ---------------------------------------------


class _FullStdout(io.StringIO):
    """A stdout on a full disk: every write fails with ENOSPC."""

    def write(self, s: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


#: one invocation of every command that prints results (inputs from tests/data where it reads a file)
COMMANDS = [
    ["deal", "skat", "-n", "10", "--seed", "1"],
    ["deal", "cribbage", "-n", "3", "--seed", "1", "--json"],
    ["skat", "bid", *HAND],
    ["skat", "value", "CJ", "SJ", "DA", "DT", "D9", "HA", "HK", "H7", "S8", "S7", "C7", "C8", "--game", "clubs"],
    ["skat", "stats", "--sample", "1000"],
    ["skat", "id", "decode", "AABQVVWqqvo="],
    ["skat", "run-id", "decode", "AABQVVWqqvpwKETIPCAhMbGwqKipuXl4ZCQkIA=="],
    ["jass", "play", "-n", "1", "--seed", "1"],
    ["cribbage", "discard", "5H", "5D", "6C", "7S", "JD", "KD"],
    ["cribbage", "stats", "--deals", "100", "--seed", "1"],
    ["simulate", "skat-jacks", "-n", "100", "--seed", "1", "--no-progress"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_f5_a_full_disk_is_one_line(argv: list[str], capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """F5: output to a full disk: one line naming the failure and a non-zero exit, never a traceback."""
    monkeypatch.setattr(sys, "stdout", _FullStdout())
    rc = main(argv)
    err = capsys.readouterr().err
    assert rc == 74
    assert err.splitlines()[-1] == "bitcards: error: cannot write output: No space left on device", err


@pytest.mark.parametrize("argv", [COMMANDS[0], COMMANDS[2], COMMANDS[7]], ids=lambda a: " ".join(a[:2]))
def test_f5_dev_full_in_a_real_process(argv: list[str]) -> None:
    """F5: ``> /dev/full`` in a real process (Python's own flush at exit must not add a second message)."""
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "bitcards", *argv], stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 74
    assert r.stderr == "bitcards: error: cannot write output: No space left on device\n", r.stderr


def test_f11_closed_stdout_is_one_line() -> None:
    """F11: ``bitcards skat bid ... >&-``: stdout closed, one line and a non-zero exit."""
    r = subprocess.run([sys.executable, "-m", "bitcards", "skat", "bid", *HAND], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 74
    assert r.stderr == "bitcards: error: cannot write output: Bad file descriptor\n", r.stderr


def test_f11_closed_stdout_does_not_matter_without_output(tmp_path: Path) -> None:
    """F11: a command that writes to ``--out`` does not need stdout."""
    out = tmp_path / "d.npy"
    r = subprocess.run([sys.executable, "-m", "bitcards", "deal", "skat", "-n", "3", "--seed", "1", "--out", str(out)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 0 and r.stderr == "" and out.exists()


@pytest.mark.parametrize("argv", [["skat", "bid"], ["cribbage", "score"], ["skat", "id", "decode"], ["jass", "check"],
                                  ["euchre", "sort"]], ids=lambda a: " ".join(a))  # fmt: skip
def test_closed_stdin_is_one_line(argv: list[str]) -> None:
    """Like F11 for input: ``bitcards skat bid <&-`` (stdin closed) ended in "'NoneType' object is not iterable"."""
    r = subprocess.run([sys.executable, "-m", "bitcards", *argv], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                       preexec_fn=lambda: os.close(0))  # fmt: skip
    assert r.returncode == 2 and r.stdout == "", r.stderr
    assert r.stderr == "bitcards: error: cannot read stdin: it is closed (give a file, or pipe the input in)\n", r.stderr


@pytest.mark.jit
def test_f5_a_reader_that_goes_away_stops_the_command_quietly() -> None:
    """A pipe closed by the reader (``| head``) is not an error to report: no traceback, no line, exit 141
    (128 + SIGPIPE, what Unix tools killed by SIGPIPE give); other write errors are one line and exit 74."""
    p = subprocess.Popen([sys.executable, "-m", "bitcards", "deal", "skat", "-n", "1000000", "--seed", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert p.stdout is not None and p.stderr is not None
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=120) == 141
    assert err == "", err


# --- number syntax: one rule for count flags --------------------------------------------

#: (a command with a count flag written as {}, what must be the same for every spelling of 1000)
COUNT_FLAGS = [
    (["deal", "euchre", "-n", "{}", "--seed", "1"], "stdout"),
    (["deal", "skat", "-n", "2", "--start", "{}", "--seed", "1"], "stdout"),
    (["jass", "play", "-n", "1", "--start", "{}", "--seed", "1", "--json"], "stdout"),
    (["simulate", "skat-jacks", "--deals", "{}", "--seed", "1", "--no-progress", "--json"], "counts"),
    (["simulate", "skat-jacks", "--deals", "3000", "--chunk-size", "{}", "--seed", "1", "--no-progress", "--json"], "counts"),
    pytest.param(["cribbage", "stats", "--deals", "{}", "--seed", "1"], "stdout", marks=pytest.mark.jit),
    (["skat", "stats", "--sample", "{}", "--seed", "1"], "stdout"),
]


def _counts(out: str) -> object:
    import json

    return {k: v["counts"] for k, v in json.loads(out)["fields"].items()}


def _ids(a: object) -> str:
    return " ".join(a[:3]) if isinstance(a, list) else str(a)


@pytest.mark.parametrize(("argv", "same"), COUNT_FLAGS, ids=_ids)
def test_count_flags_read_1e3_1_000_and_1000_alike(argv: list[str], same: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Number syntax: ``deal -n 1e3`` was refused while ``simulate --deals 1e3`` was accepted."""
    results = []
    for text in ("1000", "1_000", "1e3", "1E3", "10e2"):
        rc, out, err = run([a.replace("{}", text) for a in argv], capsys)
        assert rc == 0, err
        results.append(_counts(out) if same == "counts" else out)
    assert all(r == results[0] for r in results)


@pytest.mark.parametrize(("argv", "same"), [*COUNT_FLAGS, (["demo", "--deals", "{}"], "")], ids=_ids)
@pytest.mark.parametrize(("text", "needle"), [("-1", "must be >= "), ("-1e3", "must be >= "), ("1.5", "not a whole number"),
                                              ("1e-3", "not a whole number"), ("ten", "invalid count"),
                                              ("", "invalid count"), ("nan", "invalid count"), ("inf", "invalid count")])
def test_count_flags_refuse_fractions_and_negatives(argv: list[str], same: str, text: str, needle: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """Number syntax: a fraction or a negative count is one line naming the flag and the value, exit 2."""
    rc, out, err = run([a.replace("{}", text) for a in argv], capsys)
    flag = next(a for a, b in zip(argv, argv[1:]) if b == "{}")
    assert rc == 2 and out == ""
    assert len(err.splitlines()) == 1 and needle in err and flag in err and repr(text) in err, err


# --- F12, zero deals ----------------------------------------------------------------------


def test_f12_demo_checks_its_arguments_first(capsys) -> None:  # type: ignore[no-untyped-def]
    """F12: ``bitcards demo --deals -1`` printed the whole tour, then failed."""
    from bitcards.demo import run as demo
    from bitcards.errors import BitcardsError

    lines: list[str] = []
    with pytest.raises(BitcardsError, match="deals must be >= 0"):
        demo(lines.append, deals=-1)
    assert lines == []
    with pytest.raises(BitcardsError, match=r"deals must be <= 2\*\*63 - 1"):
        demo(lines.append, deals=2**63)
    assert lines == []


@pytest.mark.parametrize("argv", [["simulate", "skat-jacks", "--deals", "0", "--seed", "1", "--no-progress"],
                                  ["simulate", "jass-play", "--deals", "0", "--seed", "1", "--no-progress"],
                                  pytest.param(["demo", "--deals", "0", "--no-progress"], marks=pytest.mark.jit)],
                         ids=["simulate", "simulate-jass", "demo"])  # fmt: skip
def test_zero_deals_print_no_shares(argv: list[str], capsys) -> None:  # type: ignore[no-untyped-def]
    """Zero deals: ``simulate --deals 0`` and ``demo --deals 0`` printed ``nan`` shares; now no shares at all."""
    rc, out, err = run(argv, capsys)
    assert rc == 0, err
    assert "nan" not in out.lower() and "no deals" in out


# --- F6, F13, --out as root: output files ----------------------------------------------------

SIM = ["simulate", "skat-jacks", "-n", "1000", "--seed", "1", "--no-progress"]
OUT_COMMANDS = [SIM, ["deal", "skat", "-n", "5", "--seed", "1"]]


@pytest.mark.parametrize("argv", OUT_COMMANDS, ids=lambda a: a[0])
def test_f13_empty_out_is_an_error(argv: list[str], capsys) -> None:  # type: ignore[no-untyped-def]
    """F13: ``--out ""`` wrote nothing and exited 0."""
    rc, out, err = run([*argv, "--out", ""], capsys)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1 and "--out" in err, err


def _full_device(tmp_path: Path, name: str) -> Path:
    """A character device like /dev/full (every write fails with ENOSPC), made where the test may lose it."""
    import stat

    dev = tmp_path / name
    try:
        os.mknod(dev, 0o600 | stat.S_IFCHR, os.makedev(1, 7))
    except (PermissionError, OSError) as e:
        pytest.skip(f"cannot make a device node here: {e}")
    return dev


@pytest.mark.parametrize(("argv", "name"), [(SIM, "x.parquet"), (OUT_COMMANDS[1], "x.npy"), (OUT_COMMANDS[1], "x.txt")],
                         ids=["simulate", "deal-npy", "deal-text"])  # fmt: skip
def test_f6_a_failing_write_never_deletes_the_path(argv: list[str], name: str, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """F6: ``--out`` on a device that is always full: the Parquet writer deleted the path on the error."""
    import stat

    dev = _full_device(tmp_path, name)
    rc, out, err = run([*argv, "--out", str(dev)], capsys)
    assert rc == 2 and len(err.splitlines()) == 1 and "No space left on device" in err and str(dev) in err, err
    assert stat.S_ISCHR(os.stat(dev).st_mode)  # still there, still the device
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.parametrize("argv", OUT_COMMANDS, ids=lambda a: a[0])
def test_f6_a_failed_run_leaves_an_existing_file_as_it_was(argv: list[str], tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """F6: an error or Ctrl-C before the output is complete leaves the old file whole and no temporary file."""
    import bitcards.cli.deal as cli_deal
    import bitcards.simulate

    target = tmp_path / "keep.txt"
    target.write_text("the user's data\n")

    def boom(*a, **k):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    monkeypatch.setattr(bitcards.simulate, "simulate", boom)
    monkeypatch.setattr(cli_deal, "deal", boom)
    rc, out, err = run([*argv, "--out", str(target)], capsys)
    assert rc == 130 and err == "bitcards: interrupted\n"
    assert target.read_text() == "the user's data\n" and [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


@pytest.mark.parametrize("argv", OUT_COMMANDS, ids=lambda a: a[0])
def test_out_replaces_a_file_whole_with_the_usual_permissions(argv: list[str], tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """F6: the output is written beside the path and renamed onto it: the result is complete, and a new file gets
    the permissions the umask gives (not the temporary file's 0600), an existing one keeps its own."""
    new = tmp_path / "new.out"
    old = tmp_path / "old.out"
    old.write_text("x")
    os.chmod(old, 0o640)
    umask = os.umask(0o022)
    try:
        assert run([*argv, "--out", str(new)], capsys)[0] == 0
        assert run([*argv, "--out", str(old)], capsys)[0] == 0
    finally:
        os.umask(umask)
    assert os.stat(new).st_mode & 0o777 == 0o644 and os.stat(old).st_mode & 0o777 == 0o640
    if argv[0] == "simulate":  # the files hold the run time too
        from bitcards.simulate import read_parquet

        assert read_parquet(new).equal_counts(read_parquet(old))
    else:
        assert new.read_bytes() == old.read_bytes() and len(new.read_bytes()) > 10
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.out", "old.out"]


@pytest.mark.parametrize("argv", OUT_COMMANDS, ids=lambda a: a[0])
@pytest.mark.parametrize("path", ["/sys/x.parquet", "/proc/x.parquet", "/nonexistent/dir/x.parquet"])
def test_out_that_cannot_be_created_fails_before_the_run(argv: list[str], path: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Running as root the up-front ``os.access`` check always passed, so ``--out /sys/x.parquet`` failed only after
    the run: now the temporary output file is created first."""
    import bitcards.cli.deal as cli_deal
    import bitcards.simulate

    def never(*a, **k):  # type: ignore[no-untyped-def]
        raise AssertionError("the run started")

    monkeypatch.setattr(bitcards.simulate, "simulate", never)
    monkeypatch.setattr(cli_deal, "deal", never)
    rc, out, err = run([*argv, "--out", path], capsys)
    assert rc == 2 and len(err.splitlines()) == 1 and f"cannot write {path}" in err, err


# --- deal: text output streamed -------------------------------------------------------------


def _plain_deal_lines(game: str, n: int, seed: int, start: int, as_json: bool) -> str:
    """The output written plainly, one row at a time, from ``bitcards.deal`` and ``format_cards``."""
    import json

    from bitcards.deal import DEAL_SPECS, deal
    from bitcards.notation import format_cards

    spec = DEAL_SPECS[game]
    lines = []
    for i, row in enumerate(deal(n, game, seed, start=start)):
        hands = {c: format_cards(int(m), spec.layout).split() for c, m in zip(spec.columns, row)}
        if as_json:
            lines.append(json.dumps({"row": start + i, "seed": seed, **hands}))
        else:
            lines.append(" | ".join(" ".join(h) for h in hands.values()))
    return "".join(line + "\n" for line in lines)


@pytest.mark.parametrize("game", ["skat", "jass", "euchre", "cribbage"])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_deal_output_in_chunks_equals_row_by_row(game: str, as_json: bool, capsys, monkeypatch, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``deal`` writes its text in chunks (any chunk size gives the same text as formatting row by row)."""
    import numpy as np

    import bitcards.cli.deal as cli_deal
    from bitcards.deal import deal

    argv = ["deal", game, "-n", "23", "--seed", "5", "--start", "7", *(["--json"] if as_json else [])]
    expected = _plain_deal_lines(game, 23, 5, 7, as_json)
    for chunk in (1, 5, 23, 1000):
        monkeypatch.setattr(cli_deal, "CHUNK", chunk)
        rc, out, err = run(argv, capsys)
        assert rc == 0 and out == expected, err
        npy = tmp_path / f"{chunk}.npy"
        assert run([*argv, "--out", str(npy)], capsys)[0] == 0
        assert (np.load(npy) == deal(23, game, 5, start=7)).all()


@pytest.mark.jit
def test_deal_text_output_is_streamed() -> None:
    """``deal`` text output: 1 M deals took 178 MB, 3 M 241 MB (every deal and line held at once); now flat."""
    def peak_rss_mib(n: int) -> float:
        code = (
            "import resource, sys\nfrom bitcards.cli import main\n"
            f"rc = main(['deal', 'skat', '-n', '{n}', '--seed', '1'])\n"
            "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))\nsys.exit(rc)\n"
        )
        with open(os.devnull, "w") as null:
            r = subprocess.run([sys.executable, "-c", code], stdout=null, stderr=subprocess.PIPE, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        return int(r.stderr.strip().splitlines()[-1]) / 1024

    small, big = peak_rss_mib(1_000), peak_rss_mib(2_000_000)
    # 2 M Skat deals are 61 MiB of masks alone, and their text 180 MiB
    assert big - small < 30, (small, big)


# --- memory: refused before allocating (F2, F14, skat stats --sample) ------------------------


def test_available_memory_is_read_from_the_system(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The memory helper: /proc/meminfo's MemAvailable where there is one, else the portable fallback."""
    from bitcards import _memory

    avail = _memory.available_bytes()
    assert avail is not None and avail > 0
    if os.path.exists("/proc/meminfo"):
        with open("/proc/meminfo") as f:
            kib = next(int(line.split()[1]) for line in f if line.startswith("MemAvailable:"))
        assert avail <= kib * 1024 * 1.5  # the same figure, give or take what changed in between
    monkeypatch.setattr(_memory, "MEMINFO", "/nonexistent/meminfo")
    fallback = _memory.available_bytes()
    assert fallback is None or fallback > 0


@pytest.fixture
def little_memory(monkeypatch):  # type: ignore[no-untyped-def]
    """This machine with 1 MiB of memory available."""
    from bitcards import _memory

    monkeypatch.setattr(_memory, "available_bytes", lambda: 1 << 20)


def _memory_message(e: BaseException, asked: str) -> None:
    msg = str(e)
    assert asked in msg and "1.0 MiB" in msg and "available" in msg, msg


@pytest.mark.usefixtures("little_memory")
def test_memory_is_checked_before_allocating() -> None:
    """Memory checks: sizes between the available and the total memory used to be tried (``np.empty`` succeeds
    and the machine swaps or the process is killed); now every user-sized array is checked first."""
    import numpy as np

    import bitcards
    import bitcards.jass as jass
    from bitcards.errors import BitcardsError, MemoryLimitError

    assert issubclass(MemoryLimitError, BitcardsError) and issubclass(MemoryLimitError, MemoryError)
    with pytest.raises(MemoryLimitError, match="in chunks") as ei:
        bitcards.deal(100_000, "skat", seed=1)  # 3.1 MiB
    _memory_message(ei.value, "3.1 MiB")
    assert bitcards.deal(1_000, "skat", seed=1).shape == (1_000, 4)  # what fits still works
    with pytest.raises(MemoryLimitError) as ei:
        jass.random_games(100_000, "h", seed=1)
    _memory_message(ei.value, "3.5 MiB")  # the games and their contract column
    with pytest.raises(MemoryLimitError) as ei:
        jass.random_contracts(2_000_000, seed=1)
    _memory_message(ei.value, "1.9 MiB")
    m = np.full(200_000, 0xFFFFFFFF, dtype=np.uint64)
    with pytest.raises(MemoryLimitError) as ei:
        bitcards.masks_to_indices(m, 32)  # 6.1 MiB out of 1.5 MiB in
    _memory_message(ei.value, "6.1 MiB")


def test_f14_impossible_sizes_are_bitcards_errors() -> None:
    """F14: ``random_games(10**12)`` and ``masks_to_indices(m, 2**40)`` ended in numpy's MemoryError, and
    ``masks_to_indices(m, -1)`` in "negative dimensions are not allowed"."""
    import numpy as np

    import bitcards
    import bitcards.jass as jass
    from bitcards.errors import InvalidCardsError, MemoryLimitError

    with pytest.raises(MemoryLimitError, match="cannot hold 1,000,000,000,000 games"):
        jass.random_games(10**12, "h", seed=1)
    with pytest.raises(MemoryLimitError, match="cannot hold 10,000,000,000,000 deals"):
        bitcards.deal(10**13, "skat", seed=1)
    m = np.array([7, 11], dtype=np.uint64)
    for k in (2**40, -1, 65):
        with pytest.raises(InvalidCardsError, match=r"k must be 0\.\.64"):
            bitcards.masks_to_indices(m, k)
    with pytest.raises(TypeError, match="k must be an int"):
        bitcards.masks_to_indices(m, 3.0)  # type: ignore[arg-type]


def test_f14_popcount_of_a_scalar_is_a_scalar() -> None:
    """F14: ``popcount(np.uint64(7))`` returned an array of shape (1,); the docstring says: same shape."""
    import numpy as np

    import bitcards

    for x in (np.uint64(7), 7, np.int64(7), np.array(7, dtype=np.uint64)):
        c = bitcards.popcount(x)
        assert np.ndim(c) == 0 and c == 3 and isinstance(c, np.int64), (x, c)
    assert bitcards.popcount([7]).shape == (1,) and bitcards.popcount(np.zeros((2, 3), np.uint64)).shape == (2, 3)


def test_f2_a_chunk_too_large_for_memory_is_refused_up_front(capsys) -> None:  # type: ignore[no-untyped-def]
    """F2: ``simulate skat-jacks --deals 1e9 --chunk-size 1e9``: "Unable to allocate 29.8 GiB" traceback."""
    argv = ["simulate", "skat-jacks", "--deals", "1e9", "--chunk-size", "1e9", "--seed", "1", "--no-progress"]
    rc, out, err = run(argv, capsys)
    assert rc == 2 and out == "" and len(err.splitlines()) == 1, err
    assert "1,000,000,000 deals" in err and "GiB" in err and "available" in err and "--chunk-size" in err


@pytest.mark.usefixtures("little_memory")
@pytest.mark.parametrize("study", ["skat-jacks", pytest.param("jass-play", marks=pytest.mark.jit)])
def test_f2_simulate_checks_the_chunk_against_available_memory(study: str) -> None:
    """F2: the chunk's buffers are checked against the available memory (not the total) before the run; a run
    smaller than the chunk needs only its own rows."""
    from bitcards.errors import MemoryLimitError
    from bitcards.simulate import simulate

    with pytest.raises(MemoryLimitError, match="chunk"):
        simulate(study, 100_000, seed=1, chunk_size=100_000)
    assert simulate(study, 1_000, seed=1, chunk_size=100_000).deals == 1_000
    assert simulate(study, 3_000, seed=1, chunk_size=1_000).deals == 3_000


def test_f2_local_workers_are_counted_in_memory() -> None:
    """F2: ``--workers N`` starts N processes on this machine, each with its chunk buffer: ``--workers 1e3`` is
    refused before a single process starts."""
    from bitcards.errors import MemoryLimitError
    from bitcards.simulate import simulate

    with pytest.raises(MemoryLimitError, match="on each of 100,000 worker processes"):
        simulate("skat-jacks", 10**6, seed=1, workers=100_000)


def test_skat_stats_sample_runs_in_chunks(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Memory checks: ``skat stats --sample 1e8`` peaked at 5 GB (every deal held at once); now it is dealt in
    chunks (the same table for any chunk size), and a sample beyond the stream is refused like ``deal``."""
    import json

    import bitcards.cli.skat_value as cli_skat
    from bitcards.deal import deal
    from bitcards.skat.stats import bid_distribution_of

    expected = bid_distribution_of(deal(5_000, "skat", 3)[:, 0]).to_dict()
    for chunk in (333, 5_000, 1 << 20):
        monkeypatch.setattr(cli_skat, "SAMPLE_CHUNK", chunk)
        rc, out, err = run(["skat", "stats", "--sample", "5000", "--seed", "3", "--json"], capsys)
        assert rc == 0 and json.loads(out) == {**expected, "seed": 3}, err
    rc, out, err = run(["skat", "stats", "--sample", str(2**63)], capsys)
    assert rc == 2 and "beyond the stream's 2**63 rows" in err and len(err.splitlines()) == 1


# --- F3: cribbage stats beyond the stream ---------------------------------------------------


@pytest.mark.parametrize("deals", [str(2**64), str(2**63 + 1), str(2**63), "1e30"])
def test_f3_cribbage_stats_beyond_the_stream_is_refused(deals: str) -> None:
    """F3: ``cribbage stats --deals 18446744073709551616`` ran forever with no output and no progress."""
    r = bitcards("cribbage", "stats", "--deals", deals, "--seed", "1", timeout=60)
    assert r.returncode == 2 and r.stdout == "", r.stderr
    assert len(r.stderr.splitlines()) == 1 and "beyond the stream's 2**63 rows" in r.stderr, r.stderr


def test_f3_cribbage_stats_shows_progress(capsys, tty_stderr) -> None:  # type: ignore[no-untyped-def]
    """F3: a long ``cribbage stats --deals N`` run showed no progress; now a bar on a terminal's stderr
    (``--no-progress``: none)."""
    rc, out, err = run(["cribbage", "stats", "--deals", "300", "--seed", "1"], capsys)
    assert rc == 0 and "300/300" in err and "deal" in err, err
    rc, out2, err = run(["cribbage", "stats", "--deals", "300", "--seed", "1", "--no-progress"], capsys)
    assert rc == 0 and out2 == out and err == ""


def test_no_progress_frames_into_a_redirected_stderr(capsys) -> None:  # type: ignore[no-untyped-def]
    """A bar drawn into a log file or a pipe is hundreds of carriage-return frames: stderr that is no terminal gets none."""
    rc, out, err = run(["cribbage", "stats", "--deals", "300", "--seed", "1"], capsys)
    assert rc == 0 and out and err == ""


# --- F4: bytes that are not UTF-8 in skat bid --file ------------------------------------------


def test_f4_skat_bid_file_with_a_bad_byte_answers_the_good_lines(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """F4: ``skat bid --file bad.txt --keep-going`` with a byte that is not UTF-8 on line 2: no output at all, and
    the error named "line 0"."""
    good = " ".join(HAND).encode()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(good + b"\n" + b"JC JS \xff\xfe AC KC 9C AS 7H QD 8D\n" + good + b"\n")
    rc, out, err = run(["skat", "bid", "--file", str(bad), "--keep-going"], capsys)
    assert rc == 2 and out == "36 Clubs\n36 Clubs\n"
    assert err == "bitcards: error: line 2: not UTF-8 text (byte 0xFF at column 7)\n", err
    rc, out, err = run(["skat", "bid", "--file", str(bad)], capsys)
    assert rc == 2 and out == "36 Clubs\n" and "line 2: not UTF-8 text" in err and len(err.splitlines()) == 1
    # stdin reads the same way
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(bad.read_bytes()), encoding="latin-1"))
    rc, out, err = run(["skat", "bid", "--keep-going"], capsys)
    assert rc == 2 and out == "36 Clubs\n36 Clubs\n" and "line 2: not UTF-8 text" in err


# --- F9: long tokens in errors ------------------------------------------------------------------

HUGE = "A" * 60_000  # below the 64 KiB line limit (F8), which refuses the report's 10 MB token by its line


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["skat", "id", "decode"], HUGE + "\n"),
        (["skat", "run-id", "decode"], HUGE + "\n"),
        (["skat", "id", "decode", "--decimal"], "1" + "0" * 60_000 + "x\n"),
        (["euchre", "sort"], HUGE + "\n"),
        (["euchre", "sort"], "Diamonds\n" + HUGE + "\n"),
        (["skat", "bid"], HUGE + " JS\n"),
        (["cribbage", "score"], "5H 5D 5C 5S " + HUGE + "\n"),
        (["jass", "check"], "h\n" + (HUGE + " sA sK sQ\n") * 9),
        (["simulate", "skat-jacks", "-n", "10", "--seed", "1", "-p", "seat=" + HUGE], ""),
        (["simulate", "skat-jacks", "-n", "10", "--seed", "1", "-p", HUGE + "=1"], ""),
        (["jass", "play", "--seed", "1", "-g", HUGE], ""),
        (["deal", HUGE], ""),
        (["skat", "bid", HUGE], ""),
        (["skat", "id", "decode", "--decimal"], "1" + "0" * 5000 + "\n"),  # int() refuses 4300 digits: a traceback
        (["skat", "run-id", "decode", "--decimal", "1" + "0" * 5000], ""),
    ],
    ids=["id", "run-id", "id-decimal", "euchre-trump", "euchre-card", "skat-bid", "cribbage", "jass", "param-value",
         "param-name", "jass-contract", "deal-game", "skat-bid-arg", "id-5001-digits", "run-id-5001-digits"],  # fmt: skip
)
def test_f9_long_tokens_are_shortened_in_errors(argv: list[str], stdin: str, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """F9: ``python3 -c "print('A'*10**7)" | bitcards skat id decode`` echoed the 10 MB token in the one-line error."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc, out, err = run(argv, capsys)
    assert rc == 2 and len(err.splitlines()) == 1, err[:300]
    assert len(err) < 300 and "…" in err, err[:300]


def test_f9_library_errors_shorten_tokens() -> None:
    """F9: the library's own messages quote at most 40 characters of a token."""
    import bitcards
    import bitcards.euchre as euchre
    from bitcards.errors import shorten
    from bitcards.jass.rules import parse_contract

    assert shorten("JC") == "'JC'" and shorten("A" * 41) == "'" + "A" * 40 + "…'"
    for call in (lambda: bitcards.parse_card(HUGE, "skat"), lambda: bitcards.parse_mask("JC " + HUGE, "skat"),
                 lambda: euchre.parse_trump(HUGE), lambda: parse_contract(HUGE)):  # fmt: skip
        with pytest.raises(ValueError) as ei:
            call()
        assert len(str(ei.value)) < 150 and "A" * 40 + "…" in str(ei.value)


# --- F1: a scheduler address that is no Dask scheduler ------------------------------------------


class _FakeServer:
    """A local TCP server that is no Dask scheduler: ``ssh`` sends an SSH banner, ``http`` an HTTP error
    response, ``silent`` accepts and never answers (as an HTTP server waiting for a request), ``close``
    accepts and hangs up."""

    def __init__(self, mode: str) -> None:
        import socket
        import threading

        self.mode = mode
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.conns: list[object] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            if self.mode == "ssh":
                conn.sendall(b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n")
            elif self.mode == "http":
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            elif self.mode == "close":
                conn.close()
                continue
            self.conns.append(conn)

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        for c in self.conns:
            c.close()  # type: ignore[attr-defined]
        self.sock.close()


@pytest.fixture
def no_warmup(monkeypatch):  # type: ignore[no-untyped-def]
    """Compiling every kernel first cost minutes in CI before the address was even tried: it must not run."""
    import bitcards.simulate.driver as driver

    def warm(study):  # type: ignore[no-untyped-def]
        raise AssertionError("the kernels were warmed up before the scheduler was checked")

    monkeypatch.setattr(driver, "_warm", warm)
    monkeypatch.setattr(driver, "HANDSHAKE_TIMEOUT", 1.0)


@pytest.mark.usefixtures("no_warmup")
@pytest.mark.parametrize("mode", ["ssh", "http", "silent", "close"])
def test_f1_a_server_that_is_no_dask_scheduler_is_one_line(mode: str, capsys) -> None:  # type: ignore[no-untyped-def]
    """F1: ``--scheduler tcp://HOST:PORT`` on an SSH server: a 46-line traceback ending in an attempt to allocate
    2.82 EiB; on an HTTP server: a silent hang of more than 400 s. Now a handshake timeout and one line."""
    import time

    pytest.importorskip("distributed")
    server = _FakeServer(mode)
    try:
        t0 = time.monotonic()
        argv = ["simulate", "skat-jacks", "-n", "100", "--seed", "1", "--no-progress", "--scheduler", server.address]
        rc, out, err = run(argv, capsys)
        took = time.monotonic() - t0
    finally:
        server.close()
    assert rc == 2 and out == "" and len(err.splitlines()) == 1, err
    assert f"{server.address} is not a Dask scheduler" in err, err
    assert took < 10, took


@pytest.mark.usefixtures("no_warmup")
def test_f1_reachability_is_checked_before_the_warmup() -> None:
    """F1: an address where nothing listens fails at once, before any kernel is compiled."""
    from bitcards.simulate import SimulationError, simulate

    pytest.importorskip("distributed")
    with pytest.raises(SimulationError, match="cannot reach the Dask scheduler"):
        simulate("skat-jacks", 10, seed=1, scheduler="tcp://127.0.0.1:9")


# --- F10: a read-only install --------------------------------------------------------------------


@pytest.mark.jit  # the point is numba's cache; the subprocess compiles what it uses in memory (a few seconds)
def test_f10_a_read_only_install_runs_without_the_disk_cache(tmp_path: Path) -> None:
    """F10: a read-only install with no usable home or ``NUMBA_CACHE_DIR``: every command failed at import with
    ``RuntimeError: cannot cache function '_popcount_kernel': no locator available``. Now the kernels compile in
    memory, with one warning.

    The package is copied, and its copy made unwritable: ``chmod a-w`` (for a user) and a file named
    ``__pycache__`` in every package directory (which stops root too); home and cache directory lie under a
    regular file, so they cannot be created."""
    import shutil
    import stat

    site = tmp_path / "site"
    shutil.copytree(Path(__file__).parents[1] / "bitcards", site / "bitcards", ignore=shutil.ignore_patterns("__pycache__"))
    for d in [site / "bitcards", *(p for p in (site / "bitcards").rglob("*") if p.is_dir())]:
        (d / "__pycache__").write_text("not a directory\n")
    for p in [*site.rglob("*"), site]:
        p.chmod(p.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_", "PYTHON"))}
    env |= {"HOME": str(blocker / "home"), "NUMBA_CACHE_DIR": str(blocker / "numba"), "XDG_CACHE_HOME": str(blocker / "cache"),
            "PYTHONPATH": str(site), "PYTHONDONTWRITEBYTECODE": "1"}  # fmt: skip
    code = (
        "import sys, bitcards\n"
        "assert bitcards.__file__.startswith(sys.argv[1]), bitcards.__file__\n"
        "from bitcards.cli import main\nsys.exit(main(sys.argv[2:]))\n"
    )
    try:
        r = subprocess.run([sys.executable, "-c", code, str(site), "skat", "bid", *HAND], cwd=site, env=env,
                           capture_output=True, text=True, timeout=600)  # fmt: skip
    finally:
        for p in [site, *site.rglob("*")]:
            p.chmod(p.stat().st_mode | stat.S_IWUSR)
    assert r.returncode == 0 and r.stdout == "36 Clubs\n", r.stderr[-2000:]
    warnings = r.stderr.splitlines()
    assert len(warnings) == 1 and "CacheWarning" in warnings[0] and "NUMBA_CACHE_DIR" in warnings[0], r.stderr[-2000:]


# --- look-alike characters: one rule for all commands -------------------------------------------

JASS_RECORD = TRUTHY_1 + "\n"  # a legal record (tests/jass/seed.py)
DEAL_IDS = "S7S8S9SXSUSOSKSAR7R8 R9RXRURORKRAG7G8G9GX GUGOGKGAE7E8E9EXEUEO EKEA\n"

#: (command, stdin, the same command in plain Latin, its stdin): the look-alike is read as the Latin character
LOOKALIKES = [
    (["skat", "bid", "JC", "JS", "JD", "AC", "KC", "９C", "AS", "7H", "QD", "8D"], "", ["skat", "bid", *HAND], ""),  # full-w.
    (["skat", "bid"], "JC JS JD AC KC 9C AS 7Н QD 8D\n", ["skat", "bid"], " ".join(HAND) + "\n"),  # Cyrillic Н
    (["cribbage", "score"], "5H 5D 5C JS ＴH\n", ["cribbage", "score"], "5H 5D 5C JS TH\n"),  # full-width T
    (["cribbage", "discard", "5H", "5D", "6C", "7S", "JD", "ΚD"], "",
     ["cribbage", "discard", "5H", "5D", "6C", "7S", "JD", "KD"], ""),  # Greek Kappa
    (["euchre", "sort"], "Ｄiamonds\nKc\nJh\nKd\nTd\nAh\n", ["euchre", "sort"], "Diamonds\nKc\nJh\nKd\nTd\nAh\n"),
    (["euchre", "sort"], "Сlubs\nKc\nJh\nKd\nTd\nAh\n", ["euchre", "sort"], "Clubs\nKc\nJh\nKd\nTd\nAh\n"),  # Cyrillic С
    (["jass", "check"], JASS_RECORD.replace("dK", "dК"), ["jass", "check"], JASS_RECORD),  # Cyrillic К
    (["jass", "check"], JASS_RECORD.replace("h\n", "һ\n", 1), ["jass", "check"], JASS_RECORD),  # Cyrillic shha
    (["jass", "check", "--game", "ｈ"], JASS_RECORD[2:], ["jass", "check", "--game", "h"], JASS_RECORD[2:]),
    (["jass", "play", "-g", "с", "--seed", "1"], "", ["jass", "play", "-g", "c", "--seed", "1"], ""),  # Cyrillic с
    (["skat", "value", "CJ", "SJ", "DA", "DT", "D9", "HA", "HK", "H7", "S8", "S7", "C7", "C8", "--game", "сlubs"], "",
     ["skat", "value", "CJ", "SJ", "DA", "DT", "D9", "HA", "HK", "H7", "S8", "S7", "C7", "C8", "--game", "clubs"], ""),
    (["skat", "id", "encode"], DEAL_IDS.replace("GAE7", "GAЕ7"), ["skat", "id", "encode"], DEAL_IDS),  # Cyrillic Е
    (["skat", "id", "encode"], DEAL_IDS.replace("SX", "SＸ", 1), ["skat", "id", "encode"], DEAL_IDS),  # full-width X
]


@pytest.mark.parametrize(("argv", "stdin", "latin", "latin_stdin"), LOOKALIKES,
                         ids=[" ".join(a[:2]) + f"-{i}" for i, (a, *_) in enumerate(LOOKALIKES)])  # fmt: skip
def test_lookalikes_are_read_as_latin_with_a_warning(argv: list[str], stdin: str, latin: list[str], latin_stdin: str,
                                                     capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]  # fmt: skip
    """Look-alike characters: Cyrillic letters warned in Skat, Cribbage and Euchre but were accepted silently in
    ``jass check``; full-width characters were accepted silently everywhere except Euchre trump names, which refused
    them. One rule: a look-alike (another script's letter, a full-width form) is read as the Latin character, with
    one warning line on stderr naming it."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(latin_stdin))
    expected = run(latin, capsys)
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    rc, out, err = run(argv, capsys)
    assert (rc, out) == expected[:2], err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bitcards: warning: ") and "U+" in lines[0] and " as " in lines[0], err


def test_lookalikes_in_the_library() -> None:
    """The library reads look-alikes the same way: a note in ``notes`` when given a list, else a LookAlikeWarning."""
    import warnings

    import bitcards
    from bitcards.errors import LookAlikeWarning

    notes: list[str] = []
    assert bitcards.parse_card("９Ｈ", "skat", notes=notes) == bitcards.parse_card("9H", "skat") and len(notes) == 2  # type: ignore[call-arg]
    assert "U+FF19" in notes[0] and "U+FF28" in notes[1]
    with pytest.warns(LookAlikeWarning, match=r"U\+041D"):
        assert bitcards.parse_mask("8Н JC", "skat") == bitcards.parse_mask("8H JC", "skat")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bitcards.parse_mask("8H JC", "skat")  # plain text warns of nothing


# --- Ctrl-C with --workers 2 ------------------------------------------------------------------------


@pytest.mark.slow  # starts a local Dask cluster of two worker processes
def test_ctrl_c_with_workers_is_one_line() -> None:
    """Ctrl-C with ``--workers 2`` exited 130 but printed two Dask warnings ("Worker process still alive after 4.0
    seconds, killing"): now only "bitcards: interrupted"."""
    import signal
    import time

    pytest.importorskip("distributed")
    import fcntl
    import pty
    import struct
    import termios

    # stderr is a terminal of 80 columns, as when a user presses Ctrl-C: the progress bar shows when the workers run
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def as_in_a_terminal() -> None:
        # a shell runs a foreground command with Ctrl-C at its default; a background job (``cmd &`` in a script, as a
        # CI runner may start the suite) ignores it, the run inherits that and rightly goes on when interrupted
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    p = subprocess.Popen([sys.executable, "-m", "bitcards", "simulate", "skat-jacks", "--deals", "1e12", "--seed", "1",
                          "--workers", "2"], stdout=subprocess.PIPE, stderr=slave, start_new_session=True,
                         preexec_fn=as_in_a_terminal)  # fmt: skip
    os.close(slave)
    os.set_blocking(master, False)

    def read() -> bytes:
        try:
            return os.read(master, 65536)
        except (BlockingIOError, OSError):  # nothing yet; EIO once the child has closed the terminal
            return b""

    try:
        err = b""
        t0 = time.monotonic()
        while b"(dask, 2 threads)" not in err:  # the progress bar: the workers run
            assert p.poll() is None and time.monotonic() - t0 < 300, err.decode(errors="replace")
            time.sleep(0.2)
            err += read()
        # a terminal is always read: keep reading it while the run goes on and while it shuts down (a full pty
        # would block the progress bar's writes, and the run with them)
        t1 = time.monotonic()
        while time.monotonic() - t1 < 2:
            time.sleep(0.1)
            err += read()
        os.killpg(p.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole process group
        t1 = time.monotonic()
        while p.poll() is None:
            assert time.monotonic() - t1 < 120, err.decode(errors="replace")
            time.sleep(0.1)
            err += read()
        p.communicate(timeout=10)
        while chunk := read():
            err += chunk
        os.close(master)
        text = err.decode(errors="replace")
    finally:  # never leave a 1e12-deal run behind (its workers would outlive the test)
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    lines = [s for s in text.replace("\r", "\n").splitlines() if s.strip() and "(dask, 2 threads)" not in s]
    assert p.returncode == 130 and lines == ["bitcards: interrupted"], text
