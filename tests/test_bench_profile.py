"""bench/profile.py: the names it gives Numba's compiled functions, its samples' attribution, and its refusal without perf."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import profile


def test_short_names_read_numba_mangling() -> None:
    assert profile._short("_ZN8bitcards4skat6solver8_tricks5B4v204B40c8tJTIeFIjxB2IKSgI4CrvSCKg1MMVC_2fAwA_3dE5Arr") == (
        "skat.solver._tricks5"
    )
    assert profile._short("_ZN8bitcards13_trick_solver11_two_tricksB3v84B40c8tJTIe") == "_trick_solver._two_tricks"
    assert profile._short("_ZN7cpython8bitcards4skat6solver11_solve_dealB2v8B38") == "(Numba's Python wrappers)"
    assert profile._short("cfunc._ZN8bitcards4skat6solver11_solve_dealB2v8") == "(Numba's Python wrappers)"


def test_samples_go_to_the_function_they_fall_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marks = tmp_path / "marks"
    marks.write_text("100.5\n1000 _ZN8bitcards1a1fB1\n2000 _ZN8bitcards1a1gB1\n")
    # before the start mark (the compile), in f, in g, in g, far past g (other code)
    script = "100.0: 1500\n101.0: 1500\n101.1: 2000\n101.2: 2fff\n101.3: 7fffffff\n"

    class Done:
        stdout = script

    monkeypatch.setattr(profile.subprocess, "run", lambda *a, **k: Done())
    counts, total = profile._attribute(*profile._samples(tmp_path / "perf.data", marks))
    assert total == 4
    assert counts == {"a.f": 1, "a.g": 2, "(outside the kernels)": 1}


def test_without_perf_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(profile.shutil, "which", lambda name: None)
    assert profile.main(["skat-clubs"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "perf" in err


def test_hot_names_the_instructions_with_most_samples(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marks = tmp_path / "marks"
    marks.write_text("100.5\n1000 _ZN8bitcards1a1fB1\n")
    (tmp_path / "code").mkdir()
    (tmp_path / "code" / "1000").write_bytes(bytes(16))  # f's code: 16 bytes from 0x1000
    # before the start (the compile), 0x1004 three times, 0x1000 once, past f's code once
    script = "100.0: 1004\n101.0: 1004\n101.1: 1004\n101.2: 1000\n101.3: 1004\n101.4: 1010\n"
    dis = "    1000:\t48 89 c8             \tmov    %rcx,%rax\n    1004:\t48 8b 07             \tmov    (%rdi),%rax\n"

    class Done:
        def __init__(self, out: str) -> None:
            self.stdout = out

    monkeypatch.setattr(profile.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(profile.subprocess, "run", lambda cmd, **k: Done(script if cmd[0] == "perf" else dis))
    rows = profile._hot(*profile._samples(tmp_path / "perf.data", marks), tmp_path / "code", 2)
    assert [r.split() for r in rows] == [["60.0%", "a.f+0x4", "mov", "(%rdi),%rax"], ["20.0%", "a.f+0x0", "mov", "%rcx,%rax"]]
