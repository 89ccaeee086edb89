"""``turing rules`` prints the shipped rules page, and the docs stand on their own: every
link points at a file (and heading) of the repository."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.rulebook import TOPICS, rules_path

DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]


def rules(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["rules", *args])
    return result.exit_code, result.output


def test_the_command_prints_the_rules_page_of_the_repository() -> None:
    assert rules_path().resolve() == (ROOT / "docs" / "rules.md").resolve()
    code, out = rules()
    assert code == 0
    assert "## The criteria game" in out and "## The Mastermind family" in out
    assert "<!--" not in out
    # Into a pipe the page is plain text: a link keeps its words only.
    assert "](" not in out and "the German page, rules.de.md" in out


@pytest.mark.parametrize("topic", TOPICS)
def test_each_topic_prints_its_part(topic: str) -> None:
    code, out = rules(topic)
    assert code == 0, out
    assert "<!--" not in out
    criteria = "### A round" in out
    family = "### Feedback" in out
    assert criteria == (topic == "criteria")
    assert family == (topic != "criteria")
    if topic in ("superhirn", "logik", "master-collor", "classic"):
        rows = [line for line in out.splitlines() if line.startswith("| `")]
        assert rows == [next(r for r in rows if f"`{topic}`" in r)]
        # in a Logik duel the engine scores both codes: no pins can be wrong
        swapping = topic != "logik"
        assert ("### Wrong feedback" in out) == swapping and ("3 points" in out) == swapping
        assert ("only the codemaker scores" in out) == swapping
        others = {"superhirn": "**Superhirn**:", "classic": "**classic**:", "logik": "**Logik**"}
        others["master-collor"] = "**Master Collor**"
        for game, bullet in others.items():
            assert (bullet in out) == (game == topic)
        # a game's own page speaks of that game alone
        assert "**Superhirn and classic**" not in out
        assert ("(red in Superhirn)" in out) == (topic != "superhirn")
        assert ("- **red** —" in out) == (topic == "superhirn")


def test_classic_is_the_classic_mastermind_game() -> None:
    """classic names the Mastermind preset; the criteria game's classic mode is under
    criteria, as the help says."""
    code, out = rules("classic")
    assert code == 0, out
    assert out.startswith("## Classic Mastermind, of the Mastermind family")
    assert "| `classic` (Mastermind) | 4 | 6 | yes | 10 |" in out
    assert "bonus point (11)" in out and "### Wrong feedback" in out
    assert "*ninth colour*" not in out and "**Classic** — one card per verifier" not in out
    code, out = rules("--help")
    assert "classic Mastermind (the criteria game's classic mode is under criteria)" in (
        " ".join(out.split())
    )
    # classic Mastermind has a German name of its own too
    result = CliRunner().invoke(main, ["--lang", "de", "rules", "klassisches-mastermind"])
    assert result.exit_code == 0
    assert result.output.startswith("## Klassisches Mastermind, aus der Mastermind-Familie")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_klassisch_is_classic_in_both_languages(lang: str) -> None:
    """klassisch means classic, as it does for --mode and a Mastermind game: the same page
    as classic, in either language."""
    classic = CliRunner().invoke(main, ["--lang", lang, "rules", "classic"])
    klassisch = CliRunner().invoke(main, ["--lang", lang, "rules", "klassisch"])
    assert classic.exit_code == klassisch.exit_code == 0
    assert klassisch.output == classic.output
    assert "Mastermind" in klassisch.output.splitlines()[0]


@pytest.mark.parametrize(
    ("lang", "typed", "heading"),
    [
        ("en", "extreme", "## The criteria game"),
        ("en", "nightmare", "## The criteria game"),
        ("en", "albtraum", "## The criteria game"),
        ("de", "extrem", "## Das Kriterienspiel"),
        ("de", "Albtraum", "## Das Kriterienspiel"),
        ("de", "alptraum", "## Das Kriterienspiel"),
        ("de", "nightmare", "## Das Kriterienspiel"),
    ],
)
def test_a_mode_of_the_criteria_game_shows_its_rules(lang: str, typed: str, heading: str) -> None:
    """A player who just played --mode extreme asks for the rules by that word and gets
    the criteria game's, whose modes are there."""
    result = CliRunner().invoke(main, ["--lang", lang, "rules", typed])
    assert result.exit_code == 0, result.output
    criteria = CliRunner().invoke(main, ["--lang", lang, "rules", "criteria"])
    assert result.output == criteria.output
    assert result.output.startswith(heading)


def test_the_help_lists_the_modes_and_says_where_the_classic_mode_is() -> None:
    english = " ".join(CliRunner().invoke(main, ["--lang", "en", "rules", "--help"]).output.split())
    assert "extreme the criteria game, whose rules hold this mode" in english
    assert "nightmare the criteria game, whose rules hold this mode" in english
    german = " ".join(CliRunner().invoke(main, ["--lang", "de", "rules", "--help"]).output.split())
    assert "extrem (extreme) das Kriterienspiel, in dessen Regeln diese Spielart steht" in german
    assert "albtraum (nightmare)" in german
    assert "der klassische Modus des Kriterienspiels steht unter kriterien" in german


def test_the_end_of_the_criteria_game_says_what_happens_when_everyone_is_out() -> None:
    """The game ends with "Nobody wins: every player is out."; the rules say so too, in
    both languages."""
    code, out = rules("criteria")
    assert code == 0
    end = out.split("### End of the game")[1].split("###")[0]
    assert "If every player is out" in end and "nobody wins and the game ends" in " ".join(
        end.split()
    )
    german = CliRunner().invoke(main, ["--lang", "de", "rules", "criteria"])
    end = german.output.split("### Spielende")[1].split("###")[0]
    assert "Sind alle ausgeschieden" in end and "gewinnt niemand, und das Spiel endet" in " ".join(
        end.split()
    )


def test_an_unknown_topic_is_refused() -> None:
    code, out = rules("chess")
    assert code == 2 and "chess" in out


def test_the_rules_page_ships_with_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs/rules.md"] == "turing/_data/docs/rules.md"


def test_rules_into_a_closed_pipe_is_fine() -> None:
    done = subprocess.run(
        f"{sys.executable} -m turing rules | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stdout.startswith("# The rules")
    assert done.stderr == ""


# -- the docs stand on their own --------------------------------------------------------------

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def _anchor(heading: str) -> str:
    """The anchor a Markdown heading gets (GitHub's rule: lower case, punctuation dropped,
    spaces to hyphens)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    found: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            found.add(_anchor(line.lstrip("#")))
    return found


def test_every_link_of_the_docs_points_into_the_repository() -> None:
    broken: list[str] = []
    for doc in DOCS:
        for target in _LINK.findall(doc.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                broken.append(f"{doc.name}: {target} leaves the repository")
                continue
            file, _, anchor = target.partition("#")
            path = (doc.parent / file).resolve() if file else doc
            if not path.is_relative_to(ROOT) or not path.exists():
                broken.append(f"{doc.name}: {target} names no file of the repository")
            elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
                broken.append(f"{doc.name}: {target} names no heading of {path.name}")
    assert broken == []


def test_nothing_refers_to_design_notes_outside_the_repository() -> None:
    notes = "|".join(("RULES", "DESIGN", "CARDS", "STYLE"))  # spelt apart: this file is read too
    pattern = re.compile(rf"\b({notes})\.md\b|shared/(design|seeds)")
    places = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in ("turing", "docs", "tests", "benchmarks", "cards", "puzzles"):
        places.extend(p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".yaml"))
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in places
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == []


def test_the_generated_document_shown_in_the_docs_is_what_the_command_prints() -> None:
    page = (ROOT / "docs" / "generation.md").read_text(encoding="utf-8")
    found = re.search(r"Example — `turing generate (.*?) -o -`.*?```json\n(.*?)```", page, re.S)
    assert found is not None
    args = found.group(1).split()
    result = CliRunner().invoke(main, ["generate", *args, "-o", "-", "--quiet"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(found.group(2))


def test_the_screen_shown_in_the_play_docs_is_the_one_the_game_draws() -> None:
    page = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    found = re.search(
        r"## The screen\n\n.*?`(turing play [^`]*)`(.*?):\n\n```text\n(.*?)```", page, re.S
    )
    assert found is not None
    lines = re.findall(r"`([^`]+)`", found.group(2))
    args = found.group(1).split()[2:]
    result = CliRunner().invoke(
        main, ["--lang", "en", "play", *args], input="\n".join(lines) + "\n"
    )
    drawn = result.output.split(f"> {lines[-1]}\n")[-1].split("end of input")[0]
    assert drawn == found.group(3)


def test_the_finding_examples_of_the_card_docs_are_what_validate_says() -> None:
    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    examples = dict(re.findall(r"^\| `([CWI]\d{3})` \|.*\| `([^`]*)` \|$", page, re.M))
    assert len(examples) > 20
    data = ROOT / "tests" / "data" / "cards"
    files = sorted(str(p) for p in data.glob("*.yaml"))
    result = CliRunner().invoke(main, ["--lang", "en", "cards", "validate", "--json", *files])
    said: dict[str, list[str]] = {}
    for line in result.stdout.splitlines():
        for finding in json.loads(line)["findings"]:
            if Path(finding["file"]).name.startswith(finding["code"].lower() + "_"):
                said.setdefault(finding["code"], []).append(finding["message"])
    # a card set named by --cardset or cardset: has no file of its own to show it
    assert sorted(set(examples) - set(said)) == ["C010"]
    for code, example in examples.items():
        if code in said:
            shortened = example.endswith("…")
            assert any(
                m.startswith(example[:-1]) if shortened else m == example for m in said[code]
            ), (code, example, said[code])


def test_the_validate_examples_of_the_card_docs_are_what_it_prints() -> None:
    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    block = re.search(r"```\n(\$ turing cards validate cards/classic\.yaml\n.*?)```", page, re.S)
    assert block is not None
    for command in re.split(r"^\$ ", block.group(1), flags=re.M)[1:]:
        line, _, shown = command.partition("\n")
        args = line.split()[1:]
        result = CliRunner().invoke(main, ["--lang", "en", *args], catch_exceptions=False)
        assert result.output == shown, line


def test_the_docs_mark_every_showing_of_the_sample_puzzles_solution() -> None:
    """A reader who opens a page before playing the sample puzzle is not shown its answer
    unwarned: each line of the docs holding the solution has a "spoiler" mark just above it
    (15 lines: the paragraph or example it belongs to) or just after (its sentence)."""
    solved = CliRunner().invoke(main, ["solve", "--json", str(ROOT / "puzzles" / "sample.yaml")])
    solution = json.loads(solved.stdout)["solution"]
    unmarked = []
    for page in DOCS:
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if re.search(rf"(?<![\d.]){solution}(?![\d.])", line):
                near = " ".join(lines[max(0, i - 15) : i + 3]).lower()
                if "spoiler" not in near:
                    unmarked.append(f"{page.relative_to(ROOT)}:{i + 1}: {line.strip()}")
    assert not unmarked, "\n".join(unmarked)
