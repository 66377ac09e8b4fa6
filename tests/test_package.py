"""Import costs nothing; warmup compiles; the cache makes the first call in a new process cheap."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


def _run(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True)
    return r.stdout.strip()


def test_import_compiles_nothing() -> None:
    out = _run(
        """
        import bitcards, importlib
        for g in bitcards.GAME_MODULES:
            importlib.import_module("bitcards." + g)
        import bitcards.cli, bitcards.demo
        bitcards.cli.build_parser()
        from bitcards._jit import compiled_signatures, dispatchers
        print(len(dispatchers()), compiled_signatures())
        """
    )
    n_kernels, compiled = map(int, out.split())
    assert n_kernels > 0 and compiled == 0


@pytest.mark.jit
def test_warm_cache_is_used_by_a_new_process() -> None:
    """After warmup, a new process loads every kernel from disk instead of compiling it.

    (The time this takes is measured in bench/, not asserted here.)
    """
    _run("import bitcards; bitcards.warmup(jobs=2)")  # fills the on-disk cache from two worker processes
    out = _run(
        """
        import bitcards
        from bitcards._jit import dispatchers
        bitcards.warmup()
        hits = sum(sum(d.stats.cache_hits.values()) for d in dispatchers())
        misses = sum(sum(d.stats.cache_misses.values()) for d in dispatchers())
        print(hits, misses)
        """
    )
    hits, misses = map(int, out.split())
    assert hits > 0 and misses == 0


def test_every_module_is_imported_for_the_warmup() -> None:
    """warmup() covers the studies, engines and solvers too, not only what ``import bitcards`` loads."""
    out = _run(
        """
        import pkgutil, bitcards
        from bitcards._jit import import_all
        done = import_all()
        every = sorted(m.name for m in pkgutil.walk_packages(bitcards.__path__, "bitcards.") if not m.name.endswith("__main__"))
        print(len(done), len(every), "bitcards.simulate.studies_skat_bid" in done, "bitcards.cribbage.engine" in done)
        """
    )
    n_done, n_every, studies, engine = out.split()
    assert n_done == n_every and studies == engine == "True"  # the dev install has every extra warmup() needs


@pytest.mark.parametrize("jobs", [0, -1, 1.5, True])
def test_warmup_refuses_a_bad_job_count(jobs: object) -> None:
    import bitcards

    with pytest.raises(ValueError, match="jobs must be >= 1"):
        bitcards.warmup(jobs)  # type: ignore[arg-type]


def test_version_and_errors() -> None:
    import bitcards

    assert bitcards.__version__.count(".") == 2
    for e in (bitcards.ParseError, bitcards.InvalidCardsError, bitcards.CodecError, bitcards.IllegalPlayError):
        assert issubclass(e, bitcards.BitcardsError) and issubclass(e, ValueError)


PACKAGE = Path(__file__).resolve().parents[1] / "bitcards"


def _package_of(module: str) -> str:
    """The game package (``skat``, ``cli``, ...) a module belongs to, or ``core`` for the top-level modules."""
    parts = module.split(".")
    root = PACKAGE
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and (root / parts[1]).is_dir()) else "core"


def test_no_package_imports_another_packages_private_names() -> None:
    """One layout per game package: other packages (studies, the CLI, other games) import its public
    names only. The core's own private modules (``bitcards._jit``, ``bitcards._parallel``, ...) are the
    shared machinery every package builds on."""
    root = PACKAGE
    found = []
    for f in sorted(root.rglob("*.py")):
        parts = f.relative_to(root.parent).with_suffix("").parts
        me = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mine = _package_of(me) if parts[-1] != "__init__" else _package_of(me + ".x")
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "bitcards"):
                continue
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                # "from bitcards.x import y": y may be a module of x or a name defined in x
                path = root / Path(*full.split(".")[1:])
                target = full if path.is_dir() or path.with_suffix(".py").exists() else node.module
                theirs = _package_of(target)
                if theirs == mine:
                    continue
                private = [p for p in full.split(".")[1:] if p.startswith("_") and not p.endswith("__")]
                core_machinery = theirs == "core" and target.count(".") >= 1 and target.split(".")[1].startswith("_")
                if private and not core_machinery:
                    found.append(f"{f.relative_to(root.parent)}:{node.lineno}: from {node.module} import {alias.name}")
    assert found == []


def _roomy_frames() -> int:
    """How many frames of the roomy-stack runner are on the Python stack now."""
    f, n = sys._getframe(), 0
    while f is not None:
        n += f.f_code.co_filename == "<bitcards roomy stack>"
        f = f.f_back
    return n


@pytest.mark.jit
def test_kernels_compile_on_a_roomy_stack() -> None:
    """A kernel's first call compiles on the runner's frame (40,000 slots, a 512 KiB chunk of CPython's frame stack
    to itself), a kernel it calls inside that same compile, not on a second runner; a failed compile leaves the next
    one on the runner too."""
    from numba.core import event
    from numba.core.errors import TypingError

    from bitcards import _jit

    seen: list[tuple[str, int]] = []

    class Listener(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            seen.append((ev.data["dispatcher"].py_func.__name__, _roomy_frames()))

        def on_end(self, ev: event.Event) -> None:
            pass

    @_jit.njit(cache=False)
    def inner(x):  # type: ignore[no-untyped-def]
        return x + 1

    @_jit.njit(cache=False)
    def outer(x):  # type: ignore[no-untyped-def]
        return inner(x) * 2

    listener = Listener()
    event.register("numba:compile", listener)
    try:
        assert outer(3) == 8
        with pytest.raises(TypingError):
            outer("three")
        assert outer(1.5) == 5.0
    finally:
        event.unregister("numba:compile", listener)
    assert ("outer", 1) in seen and ("inner", 1) in seen
    assert {n for _, n in seen} == {1}, seen  # every compile, nested ones included, on exactly one runner frame
    assert _jit._ROOMY_DEPTH == 0
    assert _jit._roomy_runner().__code__.co_nlocals >= 40_000


_COLD_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
from bitcards._jit import cold
import coldkernel
print(cold(coldkernel.plus_one), end=" ")
assert coldkernel.plus_one(1) == 2
print(cold(coldkernel.plus_one), cold(coldkernel.plus_one, coldkernel.never_called))
"""


def test_cold_tells_a_kernel_whose_call_would_compile(tmp_path: Path) -> None:
    """``cold``: true before a kernel's first compile, false once it is compiled in the process and, in a new
    process, once its disk cache holds it; false for every kernel with the JIT off. A subprocess each, so the
    cache directory and the JIT switch are their own."""
    (tmp_path / "coldkernel.py").write_text(
        "from bitcards._jit import njit\n\n\n@njit\ndef plus_one(x):\n    return x + 1\n\n\n"
        "@njit\ndef never_called(x):\n    return x - 1\n",
        encoding="utf-8",
    )

    def run(jit_off: str) -> str:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "NUMBA_DISABLE_JIT": jit_off}
        cmd = [sys.executable, "-c", _COLD_SCRIPT, str(tmp_path)]
        return subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout.strip()

    assert run("1") == "False False False"  # the JIT off: nothing ever compiles
    assert run("0") == "True False True"  # compiles here, into the cache; the other kernel would still compile
    assert run("0") == "False False True"  # a new process loads it from the cache
    (tmp_path / "coldkernel.py").write_text(  # an edited source: its cache entries no longer count
        (tmp_path / "coldkernel.py").read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8"
    )
    assert run("0").startswith("True")


@pytest.mark.jit
def test_compile_note_speaks_once_when_numba_compiles_long_enough() -> None:
    """``compile_note``: ``say`` runs once when kernels compiled inside the block for ``after`` seconds, never for
    a kernel already compiled, nor when the compiles are shorter than ``after``."""
    import threading

    from bitcards import _jit

    said: list[str] = []

    def say() -> None:
        said.append(threading.current_thread().name)

    def fresh():  # type: ignore[no-untyped-def]
        return _jit.njit(cache=False)(lambda x: x * 3)  # its first call compiles

    one = fresh()
    with _jit.compile_note(say, after=60.0):
        assert one(2) == 6  # a compile far shorter than a minute
    assert said == []
    two, three = fresh(), fresh()
    with _jit.compile_note(say, after=0.0):
        assert two(2) == 6 and three(1) == 3  # two compiles, one note
        assert one(3) == 9
    assert len(said) == 1 and said[0] != threading.current_thread().name  # from the timer's thread
    with _jit.compile_note(say, after=0.0):
        assert one(1) == two(1) == 3  # compiled already: nothing to say
    assert len(said) == 1


@pytest.mark.parametrize(
    ("module", "position"),
    [
        ("bitcards.skat.solver", (["HA CJ", "S8 CT", "D8 H9"], "", "clubs")),
        ("bitcards.jass.solver", (["hJ h9", "hA hK", "s6 s7", "sA sK"], "h")),
        ("bitcards.euchre.solver", (["Js Jc As", "Ah Kh Qh", "9s Ts Qs", "Ad Kd Qd"], "s")),
    ],
)
def test_needs_compile_names_the_kernels_a_solve_runs(module: str, position: tuple[object, ...]) -> None:
    """Once a solve with the values of the leads has run (compiled or loaded), each solver's ``needs_compile``
    says no more compiling, with values and without: the kernels it asks about are those the solve calls."""
    import importlib

    mod = importlib.import_module(module)
    mod.solve(*position, values=True)
    assert mod.needs_compile(values=True) is False and mod.needs_compile(values=False) is False
