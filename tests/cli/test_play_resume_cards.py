"""A resumed game is the game saved: a save records what the cards of its puzzle decide,
and a card set changed since in one of them is refused, naming the card; a change of
wording alone resumes."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from turing.cli.main import main
from turing.core.cards import cards_dir

LINE = '      - {text: "■ < 4", text_de: "■ < 4", when: "y < 4"}\n'


def _saved(tmp_path: Path) -> tuple[Path, Path]:
    cards = tmp_path / "mycards.yaml"
    shutil.copy(cards_dir() / "classic.yaml", cards)
    assert LINE in cards.read_text()
    save = tmp_path / "cs.json"
    made = CliRunner().invoke(
        main, ["play", "--cardset", str(cards), "--save", str(save)], "c 241; test A\n"
    )
    assert made.exit_code == 1, made.output
    return cards, save


def test_a_card_of_the_game_changed_since_the_save_is_refused(tmp_path: Path) -> None:
    cards, save = _saved(tmp_path)
    before = save.read_bytes()
    for when in ("y < 2", "y < 3"):  # y < 2 leaves the puzzle no code at all
        changed = f'      - {{text: "x", text_de: "x", when: "{when}"}}\n'
        cards.write_text(cards.read_text().replace(LINE, changed))
        result = CliRunner().invoke(main, ["play", "--resume", str(save)], "quit\n")
        assert result.exit_code == 2
        assert result.stderr == (
            f"error: {save}: the card set {cards} changed since the game was saved: card 4 is "
            "not as it was, so the game would not be the one saved\n"
        )
        assert result.stdout == ""
        assert save.read_bytes() == before
        shutil.copy(cards_dir() / "classic.yaml", cards)


def test_new_words_on_the_cards_resume_the_game(tmp_path: Path) -> None:
    cards, save = _saved(tmp_path)
    reworded = LINE.replace('text: "■ < 4"', 'text: "small"')
    cards.write_text(cards.read_text().replace(LINE, reworded))
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "quit\n")
    assert result.exit_code == 1, result.output
    assert "Resumed in round 1." in result.output and "small" in result.output


def test_a_card_not_in_the_puzzle_may_change(tmp_path: Path) -> None:
    cards, save = _saved(tmp_path)
    line = '      - {text: "▲ even", text_de: "▲ ist gerade", when: "b % 2 == 0"}\n'
    cards.write_text(cards.read_text().replace(line, line.replace("b % 2 == 0", "b < 3")))
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "quit\n")
    assert result.exit_code == 1, result.output
