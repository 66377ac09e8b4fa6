"""The progress bar of long runs (``simulate``, ``cribbage stats --deals``).

In a terminal it is tqdm's text bar on stderr; when stderr is redirected (a file, a pipe, CI) it
stays silent instead of writing frames into the log; in a Jupyter notebook it is tqdm's widget
(``tqdm.auto``, with ``ipywidgets``) or, without the widgets, the text bar in the cell's output.
"""

from __future__ import annotations

import sys
import warnings
from typing import Any


def progress_bar(total: int, progress: bool, desc: str, unit: str = "deal") -> Any:
    """A tqdm bar of ``total`` ``unit``s, or a silent one when ``progress`` is false.

    >>> with progress_bar(10, False, "quiet") as bar:
    ...     bar.update(10)
    >>> bar.disable
    True
    """
    kw: dict[str, Any] = {"total": total, "unit": unit, "unit_scale": True, "desc": desc}
    if not progress:
        from tqdm import tqdm

        return tqdm(disable=True, **kw)
    if _in_notebook():
        with warnings.catch_warnings():  # tqdm warns when ipywidgets is missing and falls back to text
            warnings.simplefilter("ignore")
            from tqdm.auto import tqdm as auto_tqdm
        # a notebook's stderr is no terminal, yet the bar is wanted there
        return auto_tqdm(disable=False, **kw) if auto_tqdm.__module__ == "tqdm.notebook" else _text(False, kw)
    return _text(None, kw)


def _text(disable: bool | None, kw: dict[str, Any]) -> Any:
    """tqdm's text bar on stderr; ``disable=None`` turns it off when stderr is not a terminal."""
    from tqdm import tqdm

    return tqdm(file=sys.stderr, disable=disable, **kw)


def _in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel (tqdm.auto's own test)."""
    return "ipykernel.zmqshell" in sys.modules
