"""Old names kept for one release: a module ``__getattr__`` that warns and forwards.

A package lists its renamed names as ``{"old": "bitcards.module.new"}``; reading
``package.old`` gives the new object after a :class:`DeprecationWarning` that
names the replacement. bitcards' own code imports the new names, so the warning
only ever points at a user's line (``stacklevel=2``).
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["renamed"]


def renamed(package: str, names: Mapping[str, str | tuple[str, str]]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` serving the old ``names``.

    Each old name maps to the new object's dotted name, or to ``(dotted name, advice)`` where
    the old name keeps its old signature and the advice names what to use instead.
    """

    def __getattr__(name: str) -> Any:
        entry = names.get(name)
        if entry is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        target, advice = entry if isinstance(entry, tuple) else (entry, entry.removeprefix("bitcards."))
        module, _, new = target.rpartition(".")
        obj = getattr(importlib.import_module(module), new)
        warnings.warn(
            f"{package.removeprefix('bitcards.')}.{name} is deprecated and will be removed in the next release;"
            f" use {advice}",
            DeprecationWarning,
            stacklevel=2,
        )
        return obj

    return __getattr__
