"""The examples in the mastermind modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["space", "scoring", "presets", "pins", "commands"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"turing.mastermind.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


def test_package_exports_the_library() -> None:
    import turing.mastermind as mm

    assert mm.feedback("RGBY", "YBGR") == mm.Feedback(0, 4)
    assert len(mm.get_preset("logik").space) == 32768
