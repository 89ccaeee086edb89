"""``turing rules`` at a real (pseudo-)terminal of 80×24: a page longer than the screen goes
through the pager (``less`` when PAGER is unset) a screen at a time, in either language; a
short one is printed as it is; into a pipe it is plain text, no pager."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import spawn_paged as spawn
from turing.cli.main import main
from turing.i18n import set_language

#: the first heading of the page, and words of its last section
PAGES = {
    "en": ("The rules", "The Mastermind family"),
    "de": ("Die Spielregeln", "Die Mastermind-Familie"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_whole_page_is_paged_at_a_terminal(lang: str) -> None:
    title, last = PAGES[lang]
    child = spawn("--lang", lang, "rules", pager="less")
    child.expect_exact(title)
    # less waits on the first screen: the end of the page is not shown yet
    with pytest.raises(pexpect.TIMEOUT):
        child.expect_exact(last, timeout=2)
    assert child.isalive()
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_pager_is_less_when_pager_is_unset() -> None:
    child = spawn("rules")
    child.expect_exact("The rules")
    with pytest.raises(pexpect.TIMEOUT):
        child.expect(pexpect.EOF, timeout=2)
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_part_that_fits_the_screen_is_printed_without_a_pager() -> None:
    child = spawn("rules", "logik", pager="less", rows=100)
    child.expect_exact("Logik, of the Mastermind family")
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("lang", ["en", "de"])
def test_into_a_pipe_the_page_points_to_commands_not_to_files(lang: str) -> None:
    try:
        result = CliRunner().invoke(main, ["--lang", lang, "rules"], env={"PAGER": "false"})
    finally:
        set_language("en")
    assert result.exit_code == 0
    assert PAGES[lang][1] in result.output  # the whole page, not through the pager
    assert "cards.md" not in result.output
    assert "turing cards show --cardset" in result.output
    # no line ends inside parentheses that the next line closes with a file name
    assert "auch in\n" not in result.output and "listed in\n" not in result.output


@pytest.mark.parametrize(
    ("env", "shown"),
    [
        ({"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}, b"^ blue, # yellow"),
        ({"PYTHONIOENCODING": "ascii"}, b"^ blue, # yellow"),
    ],
)
def test_the_pager_gets_the_page_as_the_terminal_writes_it(
    env: dict[str, str], shown: bytes, tmp_path: Path
) -> None:
    paged = tmp_path / "paged.txt"
    child = spawn("rules", pager=f"tee {paged}", env=env)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    page = paged.read_bytes()
    assert shown in page, page[:2000]
    assert b"\xe2" not in page  # no UTF-8 byte, no ? for a symbol
    assert b"? blue" not in page


@pytest.mark.parametrize("lang_env", ["de_DE.UTF-8", "xx_YY.UTF-8"])
def test_less_shows_the_letters_past_ascii_whole(
    lang_env: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text is UTF-8 and less is told so: under a locale the system may not have, it
    would take it for ASCII and show ``spürt`` as ``sp<C3><BC>rt``."""
    for name in ("LC_ALL", "LC_CTYPE", "LESSCHARSET", "LESSCHARDEF"):
        monkeypatch.delenv(name, raising=False)
    child = spawn("--lang", "de", "rules", pager="less", env={"LANG": lang_env})
    child.expect_exact("Die Spielregeln")
    index = child.expect([r"sp\S*rt"])
    assert index == 0
    shown = child.after
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert shown == "spürt", shown


@pytest.mark.parametrize(
    ("lang", "columns", "env", "formulas"),
    [
        ("en", 40, {}, ["▲ = 3,", "■ = 5,", "● = 2.", '"■ < 4"', '"■ = 4"', '"■ > 4"']),
        ("en", 36, {}, ["▲ = 3,", "■ = 5,", "● = 2.", '"■ < 4"', '"■ = 4"', '"■ > 4"']),
        ("de", 80, {}, ["„■ < 4“", "„■ = 4“", "„■ > 4“"]),
        ("de", 40, {"PYTHONIOENCODING": "ascii"}, ['"# < 4"', '"# = 4"', '"# > 4"']),
        ("en", 40, {"PYTHONIOENCODING": "ascii"}, ["^ = 3,", "# = 5,", "@ = 2.", '"# > 4"']),
    ],
)
def test_a_formula_of_the_rules_is_never_broken_across_two_lines(
    lang: str, columns: int, env: dict[str, str], formulas: list[str]
) -> None:
    from testsupport.cli import spawn_turing

    child = spawn_turing(
        "--lang",
        lang,
        "rules",
        "criteria",
        env={"TERM": "xterm", **env},  # in colour: wrapped by the program (NO_COLOR: not)
        drop=("PAGER", "LESS", "MANPAGER", "COLUMNS", "LINES", "NO_COLOR"),
        size=(500, columns),  # the whole part on the screen: no pager
    )
    child.expect(pexpect.EOF, timeout=20)
    child.close()
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    lines = text.replace("\r\n", "\n").splitlines()
    assert child.exitstatus == 0, lines
    assert max(len(line.rstrip()) for line in lines) <= columns, lines
    for formula in formulas:
        assert any(formula in line for line in lines), (formula, lines)
