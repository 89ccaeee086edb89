"""``turing puzzles``: the puzzles shipped with turing, as a player may see them.

Each row names the file, the author's id, the mode, the verifier count and the tier the
cards make (``--json`` the card set too) — never the solution or the criteria.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click
from rich.table import Table

from turing.cli.output import emit_json, stdout_console
from turing.core.cards import cards_dir
from turing.core.files import shown_name
from turing.core.puzzle import Puzzle, difficulty
from turing.i18n import _, format_number, ngettext
from turing.play.game import puzzles_dir, shipped_puzzles
from turing.play.words import mode_name, tier_name


@dataclass(frozen=True)
class Listed:
    """What the listing shows of one shipped puzzle (nothing hidden)."""

    file: str
    id: str | None
    mode: str
    verifiers: int
    tier: str | None
    cardset: str
    #: the cards by verifier, as ``--cards`` takes them (4,9,11,14; extreme 4/25,…)
    cards: str

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "id": self.id,
            "mode": self.mode,
            "verifiers": self.verifiers,
            "tier": self.tier,
            "cardset": self.cardset,
            "cards": self.cards,
        }


def _cardset_name(puzzle: Puzzle, folder: Path) -> str:
    """The card set as a person names it: a shipped set by its name, even when the
    puzzle's file gives a path to it."""
    name = puzzle.cardset or "classic"
    candidate = folder / name
    if name.endswith((".yaml", ".yml")) and candidate.is_file():
        try:
            inside = candidate.resolve().relative_to(cards_dir().resolve())
        except ValueError:
            return name
        return inside.with_suffix("").as_posix()
    return name


def listed_puzzles(folder: Path | None = None) -> Iterator[Listed]:
    """Every puzzle of every puzzle file under ``folder`` (sub-folders too), file by file."""
    for inside, loaded in shipped_puzzles(folder=folder):
        puzzle = loaded.puzzle
        yield Listed(
            file=inside,
            id=puzzle.id,
            mode=puzzle.mode,
            verifiers=puzzle.verifiers,
            tier=difficulty(puzzle, loaded.cardset),
            cardset=_cardset_name(puzzle, Path(loaded.source).parent),
            # in the order the game shows them, which gives nothing hidden away
            cards=",".join(
                "/".join(str(card) for card in group) for group in puzzle.cards_as_shown()
            ),
        )


@click.command("puzzles")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
def puzzles(as_json: bool) -> None:
    """List the shipped puzzles: file, id, mode, verifiers and tier (--json adds the
    card set and the cards).

    Play one with `turing play --id ID`, from any folder: it finds every puzzle listed
    (a FILE is in the folder the title names), or lay one out on the physical game by
    its cards: `turing play --box --id ID`. The listing never shows a solution or a
    criterion.
    """
    folder = puzzles_dir()
    rows = list(listed_puzzles(folder))
    if as_json:
        for row in rows:
            emit_json(row.to_dict())
        return
    console = stdout_console()
    table = Table(
        title=_("Shipped puzzles ({folder})").format(folder=shown_name(folder)),
        title_justify="left",
    )
    # the names are copied whole, never cut; the card set (which --id plays with, and the
    # file names) and the cards are left to --json, so the table fits 80 columns
    table.add_column(_("file"), no_wrap=True)
    table.add_column(_("id"), no_wrap=True)
    table.add_column(_("mode"))
    table.add_column(_("verifiers"), justify="right")
    table.add_column(_("tier"))
    for row in rows:
        mode = mode_name(row.mode)
        tier = tier_name(row.tier) if row.tier else "—"
        if mode[:1].isupper():  # a language that writes the mode with a capital (Extrem)
            tier = tier[:1].upper() + tier[1:]  # writes the tier beside it so too (Schwer)
        table.add_row(row.file, row.id or "—", mode, str(row.verifiers), tier)
    console.print(table)
    console.print(
        ngettext(
            "{n} puzzle; play it from any folder with: turing play --id ID",
            "{n} puzzles; play one from any folder with: turing play --id ID",
            len(rows),
        ).format(n=format_number(len(rows)))
    )
