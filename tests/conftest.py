"""Fixtures shared by the whole suite: the command line and the checkout's paths."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import Result

from testsupport import cli


@pytest.fixture
def turing() -> Callable[..., Result]:
    """Run ``turing ARGS…`` in-process: ``turing(["solve", path], input=text)``."""

    def invoke(args: Sequence[str], input: str | bytes | None = None) -> Result:
        return cli.run(args, input=input)

    return invoke


@pytest.fixture
def children() -> Iterator[list[pexpect.spawn]]:
    """The programs a test starts in a pseudo-terminal (it appends them), closed after it."""
    started: list[pexpect.spawn] = []
    yield started
    for child in started:
        child.close(force=True)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own folder, made the current folder for the test."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def root() -> Path:
    """The checkout's root folder."""
    return cli.ROOT


@pytest.fixture(autouse=True)
def _terminal_size_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program a test starts gets the size of the terminal the test gives it (a
    pseudo-terminal's, or none): COLUMNS and LINES of the shell running the tests, or the
    80 × 24 that pytest-xdist sets in its workers, are not passed on."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English unless it asks for German (with ``--lang`` or
    ``TURING_LANG``): a German locale on the machine running the tests changes nothing."""
    monkeypatch.setenv("TURING_LANG", "en")
    yield
    from turing import i18n

    i18n.set_language("en")
