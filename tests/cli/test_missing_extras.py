"""A command that needs an optional extra it lacks (web, dask) says so in one line, every
one in the same form: the extra by name, and how to install it, from an index or in a
checkout; a bad-usage exit, nothing done."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from turing.cli.main import main

#: each command, the module its extra brings (made unimportable), and the extra
CASES = [
    (["board", "--serve"], "textual_serve.server", "web"),
    (["generate", "--executor", "dask", "-n", "1", "-o", "-"], "distributed", "dask"),
]


@pytest.mark.parametrize(("args", "module", "extra"), CASES)
def test_a_missing_extra_is_named_with_both_ways_to_install_it(
    monkeypatch: pytest.MonkeyPatch, args: list[str], module: str, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # an import of it fails
    result = CliRunner().invoke(main, args)
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].endswith(
        f"needs the {extra} extra: pip install 'turing[{extra}]' "
        f"(in a checkout: pip install -e '.[{extra}]')"
    ), lines[0]
    assert "Traceback" not in result.output


def test_a_missing_extra_is_said_in_german_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = CliRunner().invoke(
        main, ["--lang", "de", "generate", "--executor", "dask", "-n", "1", "-o", "-"]
    )
    assert "braucht das Extra dask: pip install 'turing[dask]' (in einem Checkout: " in (
        result.output
    ), result.output
