"""Errors a person reads when a file or a typed code is bad, in German: a bad puzzle file,
a bad card-set file, a bad puzzle code, a bad criterion. Each is run through the command
line in both languages: the German line keeps the place (``FILE:LINE:COLUMN:``) and the
exit status of the English one, says something else, and leaves no English word but the
ones both languages share (file names, YAML keys, card-set and mode names)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import ruamel.yaml
from click.testing import CliRunner

from turing import i18n
from turing.cli.main import main
from turing.core import files
from turing.core.criteria import ExpressionError, compile_criterion
from turing.core.puzzle import PuzzleError, load_puzzle
from turing.core.sharecode import ShareCodeError, decode

#: Words a German error shares with the English one on purpose: the document's own keys
#: and values (``cards``, ``mode: extreme``), card-set names, the words of the criterion
#: language, format names, and the prefix click puts before the message.
SHARED = frozenset(
    {
        # a command a message gives to copy (turing cards validate FILE)
        "turing",
        "validate",
        "cards",
        "criteria",
        "real_cards",
        "when",
        "text",
        "title",
        "number",
        "classic",
        "extreme",
        "nightmare",
        # the criterion language's own names
        "and",
        "or",
        "not",
        "blue",
        "yellow",
        "purple",
        "sum",
        "evens",
        "odds",
        "count",
        "min",
        "max",
        "abs",
        "even",
        "odd",
        "YAML",
        "JSON",
        "UTF",
        "Code",
        "Codes",
        "yaml",
        "tmp",
        # German words spelled as English ones
        "in",
        "an",
        "die",
    }
)
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?!\w)")
#: ``FILE:LINE:COLUMN:`` or ``FILE:`` at the start of a message.
PLACE = re.compile(r"^(?:error|Fehler): (\S+?:(?:\d+:\d+:|\d+:)?) ")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def run(language: str, args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--lang", language, *args])
    return result.exit_code, result.stdout, result.stderr


def english_left(german: str, english: str, *, own: set[str] | None = None) -> set[str]:
    """Words of the German text that are also words of the English one and not shared."""
    shared = SHARED | (own or set())
    english_words = set(WORD.findall(_without_paths(english)))
    return {
        w
        for w in WORD.findall(_without_paths(german))
        if w in english_words and len(w) > 1 and w not in shared
    }


def _without_paths(text: str) -> str:
    """``text`` without its file names (a path holds whatever words the folder has)."""
    return re.sub(r"\S*/\S*", " ", text)


def both(args: list[str]) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    return run("en", args), run("de", args)


# -- puzzle files ---------------------------------------------------------------------------

PUZZLES = {
    "unknown card": ("cards: [4, 99, 21]\n", ":1:12:", "gehört nicht zum Kartensatz"),
    "unknown mode": ("mode: extrem\ncards: [4, 9, 21]\n", ":1:7:", "unbekannter Modus"),
    "pair in classic": ("cards: [[4, 9], 21]\n", ":1:9:", "hat jeder Prüfer eine Karte"),
    "criterion out of range": (
        "cards: [4, 9, 11]\ncriteria: [1, 1, 4]\n",
        ":2:18:",
        "also gibt es Kriterium 4 nicht",
    ),
    "missing cards": ("mode: classic\n", "", "dem Rätsel fehlt der Schlüssel 'cards'"),
    "duplicate key": ("cards: [4, 9]\ncards: [4, 9]\n", ":2:1:", "doppelter Schlüssel"),
    "card twice": ("cards: [4, 4, 9]\n", ":1:12:", "Karte 4 kommt doppelt vor"),
    "yaml syntax": (
        "cards: [4, 9\n",
        ":2:1:",
        "YAML-Syntax: erwartet: ',' oder ']' zum Schließen von '[' aus Zeile 1, Spalte 8, "
        "gefunden: das Ende der Datei",
    ),
    "a tab": (
        "cards:\n\t- 4\n",
        ":2:1:",
        "mit einem Tabulator kann kein Wert beginnen (rücke mit Leerzeichen ein, nicht mit "
        "Tabulatoren)",
    ),
}


@pytest.mark.parametrize("case", sorted(PUZZLES))
def test_a_bad_puzzle_file_is_refused_in_german(case: str, tmp_path: Path) -> None:
    text, place, german_words = PUZZLES[case]
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    (en_code, en_out, en_err), (de_code, de_out, de_err) = both(["solve", str(path)])
    assert en_code == de_code == 2, (en_err, de_err)
    assert en_out == de_out == ""
    assert len(de_err.strip().splitlines()) == 1 and "Traceback" not in de_err
    assert de_err.startswith(f"Fehler: {path}{place}"), de_err
    english_place = PLACE.match(en_err)
    german_place = PLACE.match(de_err)
    assert english_place is not None and german_place is not None
    assert german_place.group(1) == english_place.group(1)
    assert german_words in de_err, de_err
    assert de_err.split(": ", 2)[-1] != en_err.split(": ", 2)[-1]
    assert english_left(de_err, en_err, own=set(WORD.findall(text))) == set()


@pytest.mark.parametrize(
    ("text", "german"),
    [
        (
            "mode: extreme\ncards: [[4, 21]]\ncriteria: [1]\n",
            "im Modus Extrem braucht 'criteria' auch 'real_cards', das angibt, auf welcher Karte",
        ),
        ("cards: [[4, 9], 21]\n", "(Paare gibt es im Modus Extrem)"),
        ("mode: nightmare\ncards: [4, 9]\nreal_cards: [4, 4]\n", "im Modus Albtraum muss"),
    ],
)
def test_a_mode_is_named_by_its_german_name(text: str, german: str, tmp_path: Path) -> None:
    path = tmp_path / "unplay.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["--lang", "de", "share", str(path)])
    assert result.exit_code == 2
    assert german in result.stderr, result.stderr


def test_an_unknown_key_is_said_to_be_ignored_in_german(tmp_path: Path) -> None:
    path = tmp_path / "typo.yaml"
    path.write_text("cards: [4, 9, 11, 14]\ncritera: [1, 1, 1, 1]\n", encoding="utf-8")
    code, _out, err = run("de", ["solve", str(path)])
    assert code == 0
    assert err.strip() == (
        f"Notiz: {path}:2:1: unbekannter Schlüssel 'critera' ignoriert (meintest du 'criteria'?)"
    )


def test_german_words_in_a_puzzle_file_are_named_by_their_english_ones_in_german(
    tmp_path: Path,
) -> None:
    """A file's keys and values are English; a German word of one is named by it."""
    path = tmp_path / "de.yaml"
    path.write_text("cards: [4, 9, 11, 14]\nkriterien: [2, 1, 1, 3]\n", encoding="utf-8")
    code, out, err = run("de", ["solve", str(path)])
    assert code == 0 and "mögliche Codes: 221 241" in out
    assert err.strip() == (
        f"Notiz: {path}:2:1: unbekannter Schlüssel 'kriterien' ignoriert (die Schlüssel der "
        "Datei sind englisch: meintest du 'criteria'?)"
    )
    path.write_text("karten: [4, 9, 11, 14]\n", encoding="utf-8")
    code, _out, err = run("de", ["solve", str(path)])
    assert code == 2
    assert err.strip() == (
        f"Fehler: {path}:1:1: dem Rätsel fehlt der Schlüssel 'cards' (die Schlüssel der Datei "
        "sind englisch: ist 'karten' so gemeint?)"
    )
    path.write_text("cards: [4, 9, 11, 14]\nmode: albtraum\n", encoding="utf-8")
    code, _out, err = run("de", ["solve", str(path)])
    assert code == 2
    assert err.strip() == (
        f"Fehler: {path}:2:7: unbekannter Modus 'albtraum' (die Werte der Datei sind englisch: "
        "meintest du 'nightmare'?)"
    )


def test_a_puzzle_of_too_few_verifiers_is_solved_with_no_tier_in_german(tmp_path: Path) -> None:
    path = tmp_path / "three.yaml"
    path.write_text("cards: [4, 9, 11]\n", encoding="utf-8")
    code, out, err = run("de", ["solve", str(path)])
    assert code == 0
    assert out.splitlines()[0] == "Rätsel · Klassisch · 3 Prüfer"
    assert err.strip() == (
        f"Notiz: {path}:1: hat 3 Prüfer; ein Rätsel des Spiels hat 4, 5 oder 6: trotzdem "
        "gelöst, ohne Stufe"
    )


def test_a_bad_json_line_is_refused_in_german(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"cards": [4, 9, 11]}\n{"cards" [1]}\n', encoding="utf-8")
    (en_code, _, en_err), (de_code, _, de_err) = both(["solve", str(path)])
    assert en_code == de_code == 2
    assert en_err.strip().endswith(f"{path}:2:10: JSON: a ':' is missing"), en_err
    assert de_err.strip().endswith(f"{path}:2:10: JSON: ein ':' fehlt"), de_err


def test_a_puzzle_with_nothing_to_analyse_is_refused_in_german(tmp_path: Path) -> None:
    path = tmp_path / "open.yaml"
    path.write_text("cards: [1, 2]\n", encoding="utf-8")
    (en_code, _, en_err), (de_code, _, de_err) = both(["analyze", str(path)])
    assert en_code == de_code == 2
    assert de_err.strip() == (
        f"Fehler: {path}:1: keine Zuordnung von Kriterien zu diesen Karten ergibt ein "
        "gültiges Rätsel, es gibt also nichts zu analysieren"
    )
    assert english_left(de_err, en_err) == set()


def test_a_missing_puzzle_file_is_named_in_german(tmp_path: Path) -> None:
    path = tmp_path / "nirgends.yaml"
    (en_code, _, en_err), (de_code, _, de_err) = both(["solve", str(path)])
    assert en_code == de_code == 2
    assert en_err.strip() == f"error: {path}: no such file"
    assert de_err.strip() == f"Fehler: {path}: Datei nicht gefunden"


def test_the_library_speaks_the_language_in_use_when_the_error_is_made(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("cards: [4, 99, 21]\n", encoding="utf-8")
    i18n.set_language("de")
    with pytest.raises(PuzzleError) as german:
        load_puzzle(path)
    i18n.set_language("en")
    with pytest.raises(PuzzleError) as english:
        load_puzzle(path)
    assert (german.value.line, german.value.column) == (english.value.line, english.value.column)
    assert german.value.code == english.value.code
    assert str(german.value) == (
        f"{path}:1:12: Karte 99 gehört nicht zum Kartensatz 'classic' (Karten 1–48)"
    )
    assert str(english.value) == f"{path}:1:12: card 99 is not in card set 'classic' (cards 1–48)"


# -- card-set files -------------------------------------------------------------------------

CARDS_HEAD = "name: mine\ncards:\n  - number: 1\n    title: A\n    criteria:\n"
CARD_SETS = {
    "syntax": (
        CARDS_HEAD + '      - {text: a, when: "b < 3"}\n      - {text: b, when: "b & 3"}\n',
        ":7:28:",
        "unerwartetes Zeichen '&' (schreib and, or, not)",
    ),
    "unknown name": (
        CARDS_HEAD + '      - {text: a, when: "q < 3"}\n      - {text: b, when: "b >= 3"}\n',
        ":6:26:",
        "unbekannter Name 'q'",
    ),
    "a number, not a condition": (
        CARDS_HEAD + '      - {text: a, when: "b + 1"}\n      - {text: b, when: "b >= 3"}\n',
        ":6:26:",
        "ein Kriterium muss eine Bedingung sein",
    ),
    "one criterion": (
        CARDS_HEAD + '      - {text: a, when: "b < 3"}\n',
        ":6:7:",
        "eine Karte braucht mindestens 2 Kriterien, gefunden: 1",
    ),
    "unknown key": (
        CARDS_HEAD
        + '      - {text: a, when: "b < 3", colour: red}\n      - {text: b, when: "b >= 3"}\n',
        ":6:34:",
        "unbekannter Schlüssel 'colour' in einem Kriterium",
    ),
    "no criteria": (
        "name: mine\ncards:\n  - number: 1\n    title: A\n",
        ":3:5:",
        "bei Karte 1 fehlt der Schlüssel 'criteria'",
    ),
    "no condition": (
        CARDS_HEAD + '      - {text: a}\n      - {text: b, when: "b >= 3"}\n',
        ":6:9:",
        "bei Kriterium 1 von Karte 1 fehlt der Schlüssel 'when'",
    ),
    "division by zero": (
        CARDS_HEAD
        + '      - {text: a, when: "b // (y - 3) == 1"}\n      - {text: b, when: "b >= 3"}\n',
        ":6:28:",
        "'//' teilt durch null (für den Code 131)",
    ),
    "never true": (
        CARDS_HEAD + '      - {text: a, when: "b < 1"}\n      - {text: b, when: "b >= 1"}\n',
        ":6:25:",
        "trifft auf keinen Code zu",
    ),
}


@pytest.mark.parametrize("case", sorted(CARD_SETS))
def test_a_bad_card_file_is_refused_in_german(case: str, tmp_path: Path) -> None:
    text, place, german_words = CARD_SETS[case]
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    # the linter: each finding at its place, exit 1
    (en_code, en_out, _), (de_code, de_out, _) = both(["cards", "validate", str(path)])
    assert en_code == de_code == 1
    finding = next(line for line in de_out.splitlines() if line.startswith(f"{path}{place}"))
    assert german_words in finding, de_out
    english_finding = next(
        line for line in en_out.splitlines() if line.startswith(f"{path}{place}")
    )
    own = set(WORD.findall(text))
    assert english_left(finding, english_finding, own=own) == set()
    # a puzzle read with the set: the first error refuses it whole, exit 2
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text("cards: [1]\n", encoding="utf-8")
    args = ["solve", "--cardset", str(path), str(puzzle)]
    (en_code, _, en_err), (de_code, _, de_err) = both(args)
    assert en_code == de_code == 2, (en_err, de_err)
    assert len(de_err.strip().splitlines()) == 1 and "Traceback" not in de_err
    assert de_err.startswith(f"Fehler: {path}{place} "), de_err
    assert german_words in de_err
    assert english_left(de_err, en_err, own=own) == set()


def test_a_criterion_error_is_made_in_the_language_in_use() -> None:
    i18n.set_language("de")
    with pytest.raises(ExpressionError) as german:
        compile_criterion("count(3, 4) == 1")
    assert german.value.message == "count() nimmt ein Argument, bekam 2"
    i18n.set_language("en")
    with pytest.raises(ExpressionError) as english:
        compile_criterion("count(3, 4) == 1")
    assert english.value.message == "count() takes one argument, got 2"
    assert german.value.offset == english.value.offset


# -- puzzle codes ---------------------------------------------------------------------------

CODES = {
    "mistyped": ("ABCDEFGH", "passt nicht zu seinem Prüfzeichen"),
    "too short": ("Z", "ist zu kurz"),  # "1" names the shipped puzzle 01
    "not a code character": ("AB%CDE", "ist kein Codezeichen"),
    "too long": ("A" * 40, "40 Zeichen sind zu viele"),
}


@pytest.mark.parametrize("case", sorted(CODES))
def test_a_bad_puzzle_code_is_refused_in_german(case: str) -> None:
    code, german_words = CODES[case]
    for command in (["solve", "--code", code], ["analyze", "--code", code]):
        (en_code, en_out, en_err), (de_code, de_out, de_err) = both(command)
        assert en_code == de_code == 2, (en_err, de_err)
        assert en_out == de_out == ""
        assert de_err.startswith("Fehler: kein Rätselcode: "), de_err
        assert german_words in de_err
        assert len(de_err.strip().splitlines()) == 1 and "Traceback" not in de_err
        assert english_left(de_err, en_err, own=set(WORD.findall(code))) == set()


def test_a_puzzle_a_code_cannot_hold_is_refused_in_german(tmp_path: Path) -> None:
    path = tmp_path / "open.yaml"
    path.write_text("cards: [4, 9, 11]\n", encoding="utf-8")
    (en_code, _, en_err), (de_code, _, de_err) = both(["share", str(path)])
    assert en_code == de_code == 2
    assert de_err.startswith(f"Fehler: {path}:1: kein Rätselcode möglich: "), de_err
    assert "verborgenen Kriterien" in de_err
    assert english_left(de_err, en_err, own=set(WORD.findall(str(path)))) == set()


def test_decoding_speaks_the_language_in_use() -> None:
    i18n.set_language("de")
    with pytest.raises(ShareCodeError, match=r"^kein Rätselcode: der Text ist leer$"):
        decode("  ")
    i18n.set_language("en")
    with pytest.raises(ShareCodeError, match=r"^not a puzzle code: it is empty$"):
        decode("  ")


# -- the summary lines of batch commands ------------------------------------------------------


def test_the_batch_commands_sum_up_in_german(tmp_path: Path) -> None:
    """generate, bank import and export end with a line a person reads: in German every
    word is German, numbers are written the German way, and the counts are the English
    line's."""
    lines: dict[str, list[str]] = {}
    for language in ("en", "de"):
        out = tmp_path / language
        out.mkdir()
        puzzles = str(out / "p.jsonl")
        steps = [
            [
                *("generate", "-n", "4", "--mode", "nightmare", "--verifiers", "4"),
                *("--difficulty", "hard", "--seed", "3", "-o", puzzles),
            ],
            ["bank", "import", str(out / "b.db"), puzzles],
            ["export", puzzles, "-o", str(out / "booklet.txt")],
        ]
        lines[language] = []
        for args in steps:
            code, _, err = run(language, args)
            assert code == 0, err
            lines[language].append(err.strip())
    english, german = lines["en"], lines["de"]
    assert english[0].startswith("generated 4 nightmare hard 4-verifier puzzles in ")
    assert german[0].startswith("4 Rätsel (Albtraum, Stufe schwer, 4 Prüfer) in ")
    assert re.search(r"in \d+,\d\d s erzeugt", german[0]), german[0]
    assert "; 4 verlangt, 0 Wiederholungen übersprungen" in german[0]
    assert german[1] == "4 Rätsel importiert, 0 schon in der Rätselbank, 0 abgelehnt"
    assert german[2].startswith("4 Rätsel in ") and german[2].endswith(" geschrieben")
    for de, en in zip(german, english, strict=True):
        assert english_left(de, en, own={"s"}) == set(), (de, en)
        # the counts before the time or the file's name (a path holds digits of its own)
        de, en = (re.sub(r"\S*/\S*", "", line) for line in (de, en))
        assert re.findall(r"\d+", de.split(" in ")[0]) == re.findall(r"\d+", en.split(" in ")[0])


def test_the_bank_stats_table_in_german(tmp_path: Path) -> None:
    puzzles, db = str(tmp_path / "p.jsonl"), str(tmp_path / "b.db")
    args = ["generate", "-n", "4", "--mode", "nightmare", "--seed", "0", "-o", puzzles]
    code, _, err = run("en", args)
    assert code == 0, err
    assert run("en", ["bank", "import", db, puzzles])[0] == 0
    code, english, _ = run("en", ["bank", "stats", db])
    assert code == 0 and " nightmare " in english and re.search(r"\d\.\d", english)
    code, german, _ = run("de", ["bank", "stats", db])
    assert code == 0 and " Albtraum " in german
    figures = re.findall(r"[\d.,/]*\d", german.split("──")[-1].split("\n")[1])
    assert figures and not any("." in f for f in figures), german
    assert any("," in f for f in figures), german


def test_click_names_its_kinds_of_value_in_the_language_in_use() -> None:
    """A value's placeholder in the help (``INTEGER``), the word of its error and a
    usage line's ``[OPTIONS]`` are click's; in German they are German, and in English again
    after a German run in the same process (click keeps them on its classes)."""
    runner = CliRunner()
    german = runner.invoke(main, ["--lang", "de", "generate", "--help"]).output
    assert german.startswith("Aufruf: main generate [OPTIONEN]")  # CliRunner names it main
    # a placeholder is one word ("GANZE ZAHL" would read as two arguments)
    assert "--count ZAHL " in german and "INTEGER" not in german and "GANZE" not in german
    group = runner.invoke(main, ["--lang", "de", "bank", "--help"]).output
    assert group.startswith("Aufruf: main bank [OPTIONEN] BEFEHL [ARGUMENTE]...")
    wrong = runner.invoke(main, ["--lang", "de", "generate", "-n", "x", "-o", "x.jsonl"])
    assert wrong.exit_code == 2
    assert "'x' ist keine gültige ganze Zahl (" in wrong.output
    english = runner.invoke(main, ["--lang", "en", "generate", "--help"]).output
    assert english.startswith("Usage: main generate [OPTIONS]")
    assert "--count INTEGER " in english and "RANGE" not in english
    wrong = runner.invoke(main, ["--lang", "en", "generate", "-n", "x", "-o", "x.jsonl"])
    assert "'x' is not a valid integer (" in wrong.output


def test_check_reports_in_german(tmp_path: Path) -> None:
    """Each finding's word (ok, FAIL, note) and the summary are German (a note is a Notiz:
    Hinweis is the game's hint); --json stays the form for programs."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ncards: [4, 9, 11, 14]\ncriteria: [1, 1, 1, 1]\n")
    sample = Path(__file__).parents[2] / "puzzles" / "sample.yaml"
    first, second = tmp_path / "s1.yaml", tmp_path / "s2.yaml"
    first.write_text(sample.read_text())
    second.write_text(sample.read_text())
    args = ["check", str(bad), str(first), str(second)]
    (en_code, english, _), (de_code, german, _) = both(args)
    assert en_code == de_code == 1
    assert english.splitlines() == [
        f"{bad}:1: FAIL bad: 3 codes meet all hidden criteria, not one",
        f"{first}:3: ok 01 · easy",
        f"{first}:3: note 01: also at {second}:3 (the same puzzle in another file)",
        f"{second}:3: ok 01 · easy",
        f"{second}:3: note 01: also at {first}:3 (the same puzzle in another file)",
        "3 puzzles checked in 3 files: 1 with problems, 2 notes",
    ]
    assert german.splitlines() == [
        f"{bad}:1: PROBLEM bad: 3 Codes erfüllen alle verborgenen Kriterien, nicht genau einer",
        f"{first}:3: einwandfrei 01 · leicht",
        f"{first}:3: Notiz 01: auch in {second}:3 (dasselbe Rätsel in einer anderen Datei)",
        f"{second}:3: einwandfrei 01 · leicht",
        f"{second}:3: Notiz 01: auch in {first}:3 (dasselbe Rätsel in einer anderen Datei)",
        "3 Rätsel in 3 Dateien geprüft: 1 mit Problemen, 2 Notizen",
    ]
    assert run("de", [*args, "--json"])[1] == run("en", [*args, "--json"])[1]


def test_a_card_set_short_of_a_tier_is_said_in_german() -> None:
    code, _, err = run(
        "de",
        [
            *("generate", "--cardset", "examples/primes", "--difficulty", "hard"),
            *("--verifiers", "6", "-n", "1", "-o", "-"),
        ],
    )
    assert code == 2
    assert err.strip() == (
        "Fehler: ein schweres Rätsel mit 6 Prüfern braucht 4 schwere Karten und 2 weitere "
        "beliebiger Stufe; der Kartensatz 'primes' hat 2 schwere Karten (Nummern 9–10) unter "
        "seinen 10"
    )


def _ruamel_expected_phrases() -> set[str]:
    """Every "expected …" the YAML scanner, parser and composer can say, read from their
    source: a formatted part stands as ``4`` (the only number one of them holds)."""
    folder = Path(ruamel.yaml.__file__).parent
    phrases: set[str] = set()
    for name in ("scanner.py", "parser.py", "composer.py"):
        for node in ast.walk(ast.parse((folder / name).read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                text = "".join(
                    str(part.value) if isinstance(part, ast.Constant) else "4"
                    for part in node.values
                )
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
            else:
                continue
            said = re.match(r"expected (.+?),? but (?:got|found)", text)
            if said is not None:
                phrases.add(said[1])
    return phrases


def test_every_thing_the_yaml_parser_expects_is_said_in_german() -> None:
    phrases = _ruamel_expected_phrases()
    assert {"the node content", "'>'", "URI", "a digit or '.'"} <= phrases, phrases
    i18n.set_language("de")
    for phrase in sorted(phrases):
        problem = files.yaml_problem(f"expected {phrase}, but found '\\n'")
        if phrase != "'<document start>'":  # more after a value, said in words of its own
            assert problem.startswith("erwartet: "), problem
            assert problem.endswith(", gefunden: das Ende der Zeile"), problem
        left = {w for w in WORD.findall(problem) if w in set(WORD.findall(phrase)) and len(w) > 1}
        assert left <= {"URI"}, (phrase, problem)


def test_a_value_missing_at_the_end_of_a_yaml_file_is_said_in_german(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("garbage: [\n", encoding="utf-8")
    code, out, err = run("de", ["play", str(path)])
    assert (code, out) == (2, "")
    assert err == (
        f"Fehler: {path}:2:1: YAML-Syntax: erwartet: ein Wert, gefunden: das Ende der Datei\n"
    )
