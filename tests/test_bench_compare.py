"""bench/compare.py: the old-and-new benchmark report, with the benchmark runs replaced by fixed timings."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bench import compare


def test_verdict_needs_every_session_on_one_side_and_the_ratio_outside_the_band() -> None:
    assert compare.verdict([100, 102], [80, 81], 0.05) == "slower"
    assert compare.verdict([100, 102], [120, 125], 0.05) == "faster"
    # ranges overlap: noise, however far apart the medians are
    assert compare.verdict([100, 60], [70, 65], 0.05) == "same"
    # every session slower, but by less than the band
    assert compare.verdict([100, 101], [98, 99], 0.05) == "same"


def _fake_json(path: Path, medians: dict[str, float]) -> None:
    benches = [
        {"fullname": f"bench/test_x.py::{name}", "stats": {"median": m}, "extra_info": {"group": "g", "items": 1000}}
        for name, m in medians.items()
    ]
    benches.append({"fullname": "bench/test_x.py::untagged", "stats": {"median": 1.0}, "extra_info": {}})
    path.write_text(json.dumps({"benchmarks": benches}))


@pytest.mark.skipif(shutil.which("git") is None or not (compare.ROOT / ".git").exists(), reason="needs a git checkout")
def test_report_from_alternating_sessions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, bool]] = []
    timings = {"old": {"a": 1.0, "b": 1.0, "gone": 1.0}, "new": {"a": 2.0, "b": 1.01, "added": 1.0}}

    def fake_run(tree: Path, out: Path, small: bool, select: str | None, warm_only: bool = False) -> None:
        side = "new" if tree == compare.ROOT else "old"
        calls.append((side, warm_only))
        if not warm_only:
            _fake_json(out, timings[side])

    monkeypatch.setattr(compare, "_run", fake_run)
    out = tmp_path / "COMPARE.md"
    assert compare.main(["HEAD", "--sessions", "2", "--out", str(out)]) == 0
    # each tree compiles once, then the timed sessions alternate
    assert calls == [("old", True), ("new", True), ("old", False), ("new", False), ("old", False), ("new", False)]
    text = out.read_text()
    rows = {line.split(" | ")[1]: line for line in text.splitlines() if line.startswith("| g |")}
    assert set(rows) == {"a", "b"}
    assert rows["a"].endswith("| 0.50 | slower |")  # twice the time: half the items per second
    assert rows["b"].endswith("| same |")
    assert "1 slower, 0 faster, 1 the same" in text
    assert "In one tree only: added, gone." in text
