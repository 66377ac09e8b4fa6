"""The progress bar of long runs (``simulate``, ``cribbage stats --deals``): tqdm on stderr."""

from __future__ import annotations

import sys
from typing import Any


def progress_bar(total: int, progress: bool, desc: str, unit: str = "deal") -> Any:
    """A tqdm bar of ``total`` ``unit``s on stderr, or a silent one when ``progress`` is false."""
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, unit_scale=True, disable=not progress, file=sys.stderr, desc=desc)
