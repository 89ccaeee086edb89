"""``--serve`` on an address the server cannot listen on: refused in one line before
anything is announced or written, for both boards."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main

BOARDS = [["board"], ["mastermind", "board"]]


@contextmanager
def port_in_use() -> Iterator[int]:
    """A loopback port another server listens on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        yield taken.getsockname()[1]


@pytest.mark.parametrize("words", BOARDS)
def test_a_port_in_use_is_refused_before_serving(words: list[str]) -> None:
    pytest.importorskip("textual_serve")
    with port_in_use() as port:
        result = CliRunner().invoke(main, [*words, "--serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.output == (
        f"error: cannot serve on 127.0.0.1 port {port}: the port is in use "
        "(choose another with --port)\n"
    )


@pytest.mark.parametrize("words", BOARDS)
def test_a_host_that_is_no_address_is_refused_before_serving(words: list[str]) -> None:
    pytest.importorskip("textual_serve")
    result = CliRunner().invoke(main, [*words, "--serve", "--host", "no-such-host.invalid"])
    assert result.exit_code == 2
    assert result.output == "error: --host no-such-host.invalid: no address has this name\n"


def test_a_refused_address_writes_no_transcript(tmp_path: Path) -> None:
    transcript = tmp_path / "game.txt"
    with port_in_use() as port:
        result = CliRunner().invoke(
            main, ["board", "--serve", "--port", str(port), "--transcript", str(transcript)]
        )
    assert result.exit_code == 2 and "the port is in use" in result.output
    assert not transcript.exists()


def test_the_refusal_speaks_german() -> None:
    pytest.importorskip("textual_serve")
    with port_in_use() as port:
        result = CliRunner().invoke(main, ["--lang", "de", "board", "--serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.output == (
        f"Fehler: kann auf 127.0.0.1 Port {port} nicht anbieten: der Port ist belegt "
        "(wähle mit --port einen anderen)\n"
    )
