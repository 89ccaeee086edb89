"""Checking puzzles and collections of puzzles: the rules behind ``turing check`` and
``turing solve``.

A puzzle with hidden criteria is sound when exactly one code meets them, no verifier is
redundant, and what the document states (solution, difficulty) is what the cards give. A
puzzle with cards only is sound when some assignment of criteria makes a valid puzzle and a
stated solution is among the codes those assignments lead to. Across a collection, the same
puzzle twice in one file is a problem; the same puzzle in two files is a note (a sample file
may well repeat a puzzle of a published collection).

Front ends render the results; nothing here prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from turing.core.cards import TIER_LABELS, CardSet
from turing.core.codes import CODE_TEXT, CodeSet
from turing.core.files import shown_name, shown_value
from turing.core.puzzle import (
    CARDSET_CHANGED,
    GAME_VERIFIERS,
    STATED_SOLUTION_WRONG_NAMED,
    Loaded,
    Puzzle,
    PuzzleError,
    check_against_cardset,
    codes_left_problem,
    difficulty,
    generated,
    german_tier,
)
from turing.core.solver import (
    Deduction,
    Validity,
    deduce,
    deduction_count,
    hidden_masks,
    solution_mask,
    validity,
)
from turing.i18n import _, ngettext

Engine = Literal["bitmask", "csp"]

#: The published tiers, as a finding names them.
_TIER_WORDS: Final = TIER_LABELS


@dataclass(frozen=True)
class Finding:
    """Something a check found, at a place: ``FILE:LINE: message``.

    ``kind`` is ``problem`` (the check fails) or ``note`` (worth knowing, not a failure).
    """

    source: str
    line: int
    message: str
    kind: Literal["problem", "note"] = "problem"

    def __str__(self) -> str:
        return f"{shown_name(self.source)}:{self.line}: {self.message}"


# -- solving ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Solved:
    """What a puzzle's cards and criteria give.

    With hidden criteria: the codes meeting them (``solution`` when exactly one). With cards
    only: the deduction from the cards — every criteria assignment that makes a valid puzzle
    (``assignments``), the codes they lead to, the solution when they all agree. ``problems``
    lists what makes the answer wrong: a stated solution that is not the answer, hidden
    criteria met by no code or by several, cards no assignment makes valid.
    """

    puzzle: Puzzle
    candidates: tuple[str, ...]
    assignments: int
    deduction: Deduction | None
    problems: tuple[str, ...]

    @property
    def solution(self) -> str | None:
        return self.candidates[0] if len(self.candidates) == 1 else None

    def record(self) -> dict[str, Any]:
        """The plain record of the answer (for JSON)."""
        return {
            "id": self.puzzle.id,
            "mode": self.puzzle.mode,
            "solution": self.solution,
            "candidates": list(self.candidates),
            "assignments": self.assignments,
            "problems": list(self.problems),
        }


def solve_puzzle(
    puzzle: Puzzle, cardset: CardSet, engine: Engine = "bitmask", keep: bool = True
) -> Solved:
    """Solve one puzzle with the fast bitmask solver or the python-constraint reference.

    ``keep=False``: a cards-only answer without its :class:`Deduction` (``deduction`` is
    None): the hypotheses are counted, not listed — all a record needs.
    """
    if engine == "bitmask" and puzzle.criteria is not None and puzzle.true_cards is not None:
        # The codes alone: the redundant verifiers (check's business) are not looked for.
        mask = solution_mask(hidden_masks(puzzle, cardset))
        codes = (CODE_TEXT[mask.bit_length() - 1],) if mask.bit_count() == 1 else _texts(mask)
        return Solved(
            puzzle,
            codes,
            1,
            None,
            tuple(_hidden_problems(codes, puzzle.solution, made=generated(puzzle))),
        )
    return _solve(puzzle, cardset, engine, keep)[0]


def _texts(mask: int) -> tuple[str, ...]:
    return tuple(CodeSet(mask).texts())


def _solve(
    puzzle: Puzzle, cardset: CardSet, engine: Engine, keep: bool = True, reveal: bool = True
) -> tuple[Solved, Validity | None]:
    problems: list[str] = []
    stated = puzzle.solution
    if puzzle.has_hidden:
        if engine == "csp":
            from turing.core import csp

            result: Validity = csp.validity(puzzle, cardset)
        else:
            result = validity(puzzle, cardset)
        codes = tuple(CodeSet(result.solutions).texts())
        problems.extend(_hidden_problems(codes, stated, reveal, generated(puzzle)))
        return Solved(puzzle, codes, 1, None, tuple(problems)), result
    if engine == "bitmask" and not keep:
        mask, count = deduction_count(puzzle, cardset)
        codes = tuple(CodeSet(mask).texts())
        problems.extend(_cards_only_problems(count, codes, stated))
        return Solved(puzzle, codes, count, None, tuple(problems)), None
    if engine == "csp":
        from turing.core import csp

        found = csp.deduce(puzzle, cardset, limit=csp.MAX_PAIRS)
    else:
        found = deduce(puzzle, cardset)
    codes = tuple(found.codes.texts())
    problems.extend(_cards_only_problems(len(found.hypotheses), codes, stated))
    return Solved(puzzle, codes, len(found.hypotheses), found, tuple(problems)), None


def _hidden_problems(
    codes: tuple[str, ...], stated: str | None, reveal: bool = True, made: bool = False
) -> list[str]:
    """What is wrong with hidden criteria met by ``codes``; ``reveal=False`` names no
    code the criteria lead to (``turing check`` hides the solution). ``made``: the puzzle
    is one turing generated (:func:`~turing.core.puzzle.generated`), so a problem is most
    likely a change of its card set, and that is asked after it."""
    if len(codes) == 1 and (stated is None or stated == codes[0]):
        return []  # the sound case, first: thousands of puzzles a second come this way
    problems: list[str] = []
    if len(codes) != 1:
        problems.append(codes_left_problem(len(codes)))
    if stated is not None and len(codes) == 1:
        # the criteria leave one code, not the stated one: as play and a booklet say it
        problem = _(STATED_SOLUTION_WRONG_NAMED).format(code=stated)
        if reveal:
            problem = _("{problem} ({code})").format(problem=problem, code=codes[0])
        problems.append(problem)
    elif stated is not None and stated not in codes:
        # one wording whether or not some code meets them all: the stated code fails a
        # criterion; the codes that meet them all are named only when the solution may be
        problem = _("the stated solution {code} does not meet every criterion").format(code=stated)
        if reveal and codes:
            problem = ngettext(
                "{problem} (the code that does: {codes})",
                "{problem} (the codes that do: {codes})",
                len(codes),
            ).format(problem=problem, codes=_(" or ").join(codes[:5]))
        problems.append(problem)
    if made and problems:
        problems[-1] += _(CARDSET_CHANGED)
    return problems


def _cards_only_problems(assignments: int, codes: tuple[str, ...], stated: str | None) -> list[str]:
    if not assignments:
        return [_("no assignment of criteria to these cards makes a valid puzzle")]
    if stated is not None and stated not in codes:
        return [
            _("the stated solution {code} is not a code any valid assignment leads to").format(
                code=stated
            )
        ]
    return []


# -- checking ---------------------------------------------------------------------------------


@dataclass
class Checked:
    """The check of one puzzle: its answer, difficulty and every finding."""

    puzzle: Puzzle
    source: str
    line: int
    solutions: tuple[str, ...]
    redundant: tuple[str, ...]
    difficulty: str | None
    assignments: int | None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.problems

    def findings(self) -> list[Finding]:
        """Each problem and note as a finding at the puzzle's place."""
        return [Finding(self.source, self.line, p) for p in self.problems] + [
            Finding(self.source, self.line, n, "note") for n in self.notes
        ]

    def record(self, reveal: bool = True) -> dict[str, Any]:
        """The plain record of the check (for JSON); ``reveal=False`` leaves out the
        solutions."""
        out: dict[str, Any] = {
            "id": self.puzzle.id,
            "source": self.source,
            "line": self.line,
            "valid": self.valid,
        }
        if reveal:
            out["solutions"] = list(self.solutions)
        out |= {
            "redundant": list(self.redundant),
            "difficulty": self.difficulty,
            "problems": list(self.problems),
            "notes": list(self.notes),
        }
        if self.assignments is not None:
            out["assignments"] = self.assignments
        return out


def _stated_tier(stated: object) -> str:
    """A puzzle's stated ``difficulty`` as written, then the tier it names in the language
    in use when that reads otherwise: ``'hard' (schwer)``."""
    shown = shown_value(stated)
    if not isinstance(stated, str) or stated.lower() not in _TIER_WORDS:
        return shown
    word = _TIER_WORDS[stated.lower()]
    if _(word).casefold() == stated.casefold():
        return shown
    return f"{shown} ({_(word)})"


def check_puzzle(
    puzzle: Puzzle, cardset: CardSet, source: str = "", line: int = 0, reveal: bool = True
) -> Checked:
    """Check one puzzle: one solution, no redundant verifier, the stated solution and
    difficulty agree with the cards. ``reveal=False``: no problem names the codes the
    criteria lead to (the solutions are still kept in :attr:`Checked.solutions`)."""
    tier = difficulty(puzzle, cardset)
    solved, result = _solve(puzzle, cardset, "bitmask", reveal=reveal)
    count = verifier_count_problem(puzzle)
    problems = ([count] if count else []) + list(solved.problems) + _redundancy(solved, result)
    redundant = tuple(result.redundant_letters) if result is not None else ()
    stated = puzzle.extra.get("difficulty")
    if stated is not None and str(stated).lower() not in (*_TIER_WORDS, "none"):
        english = german_tier(stated) if isinstance(stated, str) else None
        problems.append(
            _(
                "stated difficulty {stated} is not a difficulty (the file's values are "
                "English: did you mean {tier!r}?)"
            ).format(stated=shown_value(stated), tier=english)
            if english is not None
            else _("stated difficulty {stated} is not a difficulty ({tiers})").format(
                stated=shown_value(stated),
                tiers=", ".join(_TIER_WORDS),
            )
        )
    elif count is None and stated is not None and str(stated).lower() != (tier or "none"):
        if tier is None:
            message = _("stated difficulty {stated} but the cards make it no published tier")
        else:
            message = _("stated difficulty {stated} but the cards make it {tier}")
        problems.append(
            message.format(
                stated=_stated_tier(stated), tier=_(_TIER_WORDS.get(tier, tier)) if tier else ""
            )
        )
    return Checked(
        puzzle=puzzle,
        source=source,
        line=line,
        solutions=solved.candidates,
        redundant=redundant,
        difficulty=tier,
        assignments=None if puzzle.has_hidden else solved.assignments,
        problems=problems,
        notes=_cards_only_notes(puzzle) + ([] if problems else _no_test_note(puzzle, cardset)),
    )


def _no_test_note(puzzle: Puzzle, cardset: CardSet) -> list[str]:
    """A sound puzzle whose cards alone give the code, as a note: a player knows it before
    any test (a set of cards whose criteria tell every code apart makes such puzzles)."""
    codes, _readings = deduction_count(puzzle, cardset)
    if codes.bit_count() != 1:
        return []
    return [_("needs no test: the cards alone give the code")]


def _cards_only_notes(puzzle: Puzzle) -> list[str]:
    """What a puzzle that gives no hidden criteria is good for, as notes: it is solved and
    analysed from its cards, but cannot be played (the verifiers have nothing to answer
    from); a solution it states without them is said too, as their key may have been
    mistyped. Empty for a puzzle that gives them."""
    if puzzle.has_hidden:
        return []
    notes = [
        _(
            "it gives no hidden criteria: it can be solved and analysed from its cards, "
            "but not played"
        )
        if puzzle.criteria is None
        else _(
            "it gives no real cards for its hidden criteria: it can be solved and analysed "
            "from its cards, but not played"
        )
    ]
    if puzzle.solution is not None:
        notes.append(
            _(
                "its solution is given without the hidden criteria that lead to it: the "
                "verifiers cannot answer from a solution alone"
            )
        )
    return notes


def _redundancy(solved: Solved, result: Validity | None) -> list[str]:
    """The redundant verifiers of hidden criteria met by one code, as a problem."""
    if result is None or not result.redundant or len(solved.candidates) != 1:
        return []
    letters = result.redundant_letters
    return [
        ngettext(
            "redundant verifier {letters}: the others already fix the code",
            "redundant verifiers {letters}: the others already fix the code",
            len(letters),
        ).format(letters=", ".join(letters))
    ]


def verifier_count_problem(puzzle: Puzzle) -> str | None:
    """A puzzle of fewer verifiers than the game's 4, 5 or 6, as a problem (such a puzzle
    is read, solved and analysed; it is not a puzzle of the game)."""
    if puzzle.verifiers in GAME_VERIFIERS:
        return None
    return ngettext(
        "has {count} verifier; a puzzle of the game has 4, 5 or 6",
        "has {count} verifiers; a puzzle of the game has 4, 5 or 6",
        puzzle.verifiers,
    ).format(count=puzzle.verifiers)


def unplayable(puzzle: Puzzle, cardset: CardSet) -> list[str]:
    """What keeps a puzzle with hidden criteria from being played, in the words of
    :func:`check_puzzle` and naming no code: hidden criteria met by no code or by several,
    a redundant verifier, a stated solution that is not the code. Empty when it can be
    played, or when it has no hidden criteria (there is nothing to play then)."""
    try:
        check_against_cardset(puzzle, cardset)
    except PuzzleError as exc:
        return [exc.message]
    if not puzzle.has_hidden:
        return []
    solved, result = _solve(puzzle, cardset, "bitmask", reveal=False)
    return list(solved.problems) + _redundancy(solved, result)


@dataclass
class CollectionCheck:
    """Checks the puzzles of one or more files in turn and keeps the tally.

    Give it every puzzle read first (:meth:`gather`), then check each (:meth:`check`);
    tell it of every puzzle or file that could not be read (:meth:`unreadable`). A puzzle
    seen before in the same file is a problem, and so is one given before as a code (the
    codes given are one list). A puzzle in more than one input (a file, standard input,
    the codes) is a note at each of its places, naming its places in the other inputs: the
    findings of a file do not depend on the order of the files. (Checked without
    :meth:`gather`, a puzzle's note names only the places checked before it.)

    Each input is told apart by its ``source``: the front end names no file as it names
    the codes (:attr:`code_source`) or standard input.
    """

    #: Whether a problem may name the solution (``turing check --show-solution``).
    reveal: bool = True
    #: The source of puzzles given as codes rather than read from a file (no file's).
    code_source: str | None = None
    puzzles: int = 0
    failed: int = 0
    notes: int = 0
    files: int = 0
    codes: int = 0
    read_errors: int = 0
    #: paths given for puzzle files that are none (a directory, a missing file): not
    #: counted in ``files``
    not_files: int = 0
    #: each puzzle's first line in each source it was seen in, the sources in order
    _seen: dict[str, dict[str, int]] = field(default_factory=dict)
    _sources: set[str] = field(default_factory=set)
    #: the line of the first puzzle of each id in each file
    _ids: dict[tuple[str, str], int] = field(default_factory=dict)

    def gather(self, puzzles: Iterable[Loaded]) -> list[Loaded]:
        """Take every puzzle to be checked, in the order read, before any is checked, and
        give them back in that order: each puzzle's notes then name every other input it
        is in, whatever the order of the inputs."""
        taken = list(puzzles)
        for loaded in taken:
            self._place(loaded)
        return taken

    def _place(self, loaded: Loaded) -> tuple[dict[str, int], int]:
        """The puzzle's first line in each input it was taken from, and in its own."""
        places = self._seen.setdefault(loaded.puzzle.canonical_key(), {})
        return places, places.setdefault(loaded.source, loaded.line)

    def check(self, loaded: Loaded) -> Checked:
        """Check one puzzle read from a file or a code, against the puzzles gathered (or,
        without :meth:`gather`, checked before it)."""
        self._count_file(loaded.source)
        checked = check_puzzle(
            loaded.puzzle, loaded.cardset, loaded.source, loaded.line, reveal=self.reveal
        )
        places, here = self._place(loaded)
        repeated = here != loaded.line
        if repeated and loaded.source == self.code_source:
            checked.problems.append(
                _(
                    "duplicate of the puzzle at {place} (the same puzzle given twice as a code)"
                ).format(place=f"{shown_name(loaded.source)}:{here}")
            )
        elif repeated:
            checked.problems.append(
                _("duplicate of the puzzle at line {line} of this file").format(line=here)
            )
        checked.notes.extend(self._elsewhere(loaded.source, places))
        if loaded.puzzle.id is not None:
            named = self._ids.setdefault((loaded.source, loaded.puzzle.id), loaded.line)
            if named not in (loaded.line, here):
                # two puzzles under one id no --id tells apart (a repeat that keeps the id
                # of the puzzle it repeats is said above, as a duplicate)
                checked.problems.append(
                    _(
                        "the id {id!r} is also that of the puzzle at line {line} of this file; "
                        "give each puzzle its own id"
                    ).format(id=loaded.puzzle.id, line=named)
                )
        self.puzzles += 1
        self.failed += not checked.valid
        self.notes += len(checked.notes)
        return checked

    def _elsewhere(self, source: str, places: dict[str, int]) -> list[str]:
        """The notes of a puzzle of ``source`` also at other ``places``: the files (and
        standard input) it is in, and the code it is given as."""
        files = sorted(
            (other, line)
            for other, line in places.items()
            if other not in (source, self.code_source)
        )
        named = ", ".join(f"{shown_name(other)}:{line}" for other, line in files)
        notes = []
        if files and source == self.code_source:
            notes.append(
                ngettext(
                    "also in a file, at {places} (the puzzle of this code)",
                    "also in {n} files, at {places} (the puzzle of this code)",
                    len(files),
                ).format(n=len(files), places=named)
            )
        elif files:
            notes.append(
                ngettext(
                    "also at {places} (the same puzzle in another file)",
                    "also at {places} (the same puzzle in {n} other files)",
                    len(files),
                ).format(n=len(files), places=named)
            )
        if self.code_source is not None and source != self.code_source:
            code = places.get(self.code_source)
            if code is not None:
                notes.append(
                    _("also given as a code, at {place}").format(
                        place=f"{shown_name(self.code_source)}:{code}"
                    )
                )
        return notes

    def unreadable(self, source: str) -> None:
        """Count a puzzle of ``source``, or the whole file, that could not be read."""
        self._count_file(source)
        self.read_errors += 1

    def not_a_file(self, source: str) -> None:
        """Count a path given for a puzzle file that is none (a directory, a missing file)."""
        self.not_files += 1

    def _count_file(self, source: str) -> None:
        if source == self.code_source:
            self.codes += 1
        elif source not in self._sources:
            self._sources.add(source)
            self.files += 1

    @property
    def passed(self) -> bool:
        """Everything read and every puzzle sound."""
        return self.readable and not self.failed

    @property
    def readable(self) -> bool:
        """Every path a puzzle file, and every puzzle of each read."""
        return not self.read_errors and not self.not_files
