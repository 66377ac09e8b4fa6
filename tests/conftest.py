"""Test settings shared by every test module.

``BITCARDS_HYPOTHESIS=nojit`` (set by ``make test-nojit``) runs fewer
Hypothesis examples, because kernels then run as plain Python.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from bitcards._jit import JIT_DISABLED

settings.register_profile("default", max_examples=200, deadline=None)
settings.register_profile(
    "nojit", max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("BITCARDS_HYPOTHESIS", "nojit" if JIT_DISABLED else "default"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not JIT_DISABLED:
        return
    skip = pytest.mark.skip(reason="needs compiled kernels (NUMBA_DISABLE_JIT=1)")
    for item in items:
        if "slow" in item.keywords or "jit" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def tty_stderr(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """capsys's stderr, but reporting itself as a terminal (progress bars draw only on a terminal)."""
    from _pytest.capture import CaptureIO

    # capsys swaps sys.stderr for a CaptureIO only once the test starts: the class is what can be patched
    monkeypatch.setattr(CaptureIO, "isatty", lambda self: True)
