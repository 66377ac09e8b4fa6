"""The committed notebooks: outputs stripped, each reads BITCARDS_NOTEBOOK_SMALL (run by notebooks/run_notebooks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {"skat_jack_statistics.ipynb", "euchre_bowers.ipynb", "skat_bidding.ipynb", "cribbage_scores.ipynb"} <= names
    assert "jass_random_play.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_stripped_and_has_a_small_size(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code)
    assert "BITCARDS_NOTEBOOK_SMALL" in "".join(c.source for c in code)


@pytest.mark.slow
def test_runner_names_the_failing_cell(tmp_path: Path) -> None:
    """run_notebooks.py promises to name the notebook and the cell that failed."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("run_notebooks", NOTEBOOKS[0].parent / "run_notebooks.py")
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("x"), nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_code_cell("1 / 0")]
    path = tmp_path / "bad.ipynb"
    nbformat.write(nb, path)
    err = runner.run(path)
    assert err is not None and err.startswith("bad.ipynb: code cell 2 failed"), err
    assert err.endswith("ZeroDivisionError: division by zero"), err
