"""`turing replay`: a game looked back on from its transcript, round by round.

The library (:mod:`turing.play.replay`) reads and checks the events and works out what
each player could still hold possible; this command writes it for a person, or as one
JSON object with ``--json``.
"""

from __future__ import annotations

import shutil
import sys
import textwrap

import click

from turing.cli.options import cardset_option
from turing.cli.output import emit_json, fail
from turing.core.cards import CardSet, load_cardset
from turing.i18n import N_, _, current_language, ngettext
from turing.play.replay import Replay, ReplayError, Step, read_replay
from turing.play.words import mode_name

OK_MARK = "✔"
NO_MARK = "✘"


def _possible(n: int) -> str:
    return ngettext("{n} code possible", "{n} codes possible", n).format(n=n)


def _mark(result: bool | None) -> str:
    return OK_MARK if result else NO_MARK


def _step_line(step: Step) -> str | None:
    """One event of a round as a sentence (None: nothing to say)."""
    name = step.player or ""
    if step.kind == "test":
        # TRANSLATORS: a test looked back on: "ann: 241 on A ✔ → 12 codes possible"
        return _("{name}: {code} on {verifier} {mark} → {possible}").format(
            name=name,
            code=step.code,
            verifier=step.verifier,
            mark=_mark(step.result),
            possible=_possible(step.remaining or 0),
        )
    if step.kind == "amended":
        return _(
            "{name} corrects round {round}: {code} on {verifier} is now {mark} → {possible}"
        ).format(
            name=name,
            round=step.test_round,
            code=step.code,
            verifier=step.verifier,
            mark=_mark(step.result),
            possible=_possible(step.remaining or 0),
        )
    if step.kind == "solve":
        if step.code is None:
            text = _("{name} submitted a wrong code").format(name=name)
        elif step.correct:
            text = _("{name} submitted {code} — right").format(name=name, code=step.code)
        elif step.correct is False:
            text = _("{name} submitted {code} — wrong").format(name=name, code=step.code)
        else:
            text = _("{name} submitted {code}").format(name=name, code=step.code)
        if step.possible is False:
            # TRANSLATORS: a solve of a code the cards and its player's answers ruled out
            return _("{decision} (a code already ruled out: {possible})").format(
                decision=text, possible=_possible(step.remaining or 0)
            )
        if step.guess:
            assert step.remaining is not None
            # TRANSLATORS: a solve made while several codes were possible for its player
            return _("{decision} (a guess: {n} codes were possible)").format(
                decision=text, n=step.remaining
            )
        if step.remaining is not None:  # as a pass says it
            return _("{decision} ({possible})").format(
                decision=text, possible=_possible(step.remaining)
            )
        return text
    if step.kind == "pass":
        text = _("{name} passed").format(name=name)
    elif step.kind == "giveup":
        text = _("{name} gave up").format(name=name)
    elif step.kind == "eliminated":
        return _("{name} is out").format(name=name)
    elif step.kind == "disputed":
        return _(
            "The box's words on this round's solutions disagreed: everyone decides again ({names})."
        ).format(names=", ".join(step.players))
    else:
        return None
    if step.remaining is not None:
        # TRANSLATORS: a pass or a give-up looked back on, with what its player had left
        return _("{decision} ({possible})").format(
            decision=text, possible=_possible(step.remaining)
        )
    return text


def _criteria_lines(replay: Replay, criteria: object) -> list[str]:
    """The verifiers' criteria of a finished game, as the game's end shows them."""
    if not isinstance(criteria, list) or not criteria:
        return []
    lang = current_language()
    rows: list[tuple[str, str, str]] = []
    for held in criteria:
        if not isinstance(held, dict):
            continue
        letter, card, number = held.get("verifier"), held.get("card"), held.get("criterion")
        try:
            text = replay.cardset.card(card).criterion(number).text_in(lang)  # type: ignore[arg-type]
        except (KeyError, IndexError, TypeError, ValueError):
            text = "?"
        rows.append((str(letter), f"{card}.{number}", text))
    if not rows:
        return []
    width = max(len(number) for _letter, number, _text in rows)
    lines = [_("The verifiers held:")]
    lines += [f"  {letter}  {number.rjust(width)} {text}" for letter, number, text in rows]
    return lines


def _counts(value: object) -> dict[str, int]:
    """A count per player of the end event (tests, hints), what is not one left out."""
    if not isinstance(value, dict):
        return {}
    return {
        name: n
        for name, n in value.items()
        if isinstance(name, str) and isinstance(n, int) and not isinstance(n, bool)
    }


def _end_lines(replay: Replay) -> list[str]:
    end = replay.end
    assert end is not None
    rounds = end.get("round", replay.rounds[-1].number)
    named = end.get("winners")
    winners = [w for w in named if isinstance(w, str)] if isinstance(named, list) else []
    lines = [
        ngettext(
            "The game is over after {n} round.", "The game is over after {n} rounds.", rounds
        ).format(n=rounds)
    ]
    if winners:
        lines.append(
            ngettext("Winner: {names}", "Winners: {names}", len(winners)).format(
                names=", ".join(winners)
            )
        )
    else:
        lines.append(_("Nobody won."))
    tests = _counts(end.get("tests"))
    hints = _counts(end.get("hints")) if "hints" in end else None
    width = max(len(p) for p in replay.players)
    for player in replay.players:
        n = tests.get(player, 0)
        said = ngettext("{n} test", "{n} tests", n).format(n=n)
        if hints is not None and player in hints:
            n = hints[player]
            said += ", " + ngettext("{n} hint", "{n} hints", n).format(n=n)
        lines.append(f"  {player.ljust(width)}  {said}")
    solution = end.get("solution")
    if isinstance(solution, str):
        lines.append(_("Solution: {code}").format(code=solution))
    else:
        lines.append(_("Solution: not known (the box holds it and nobody solved it)"))
    lines += _criteria_lines(replay, end.get("criteria"))
    return lines


def _not_over_lines(replay: Replay) -> list[str]:
    left = replay.abandoned
    last = replay.rounds[-1].number
    if left is not None and isinstance(left.get("round"), int):
        last = max(last, left["round"])
    lines = [_("The game is not over: the transcript ends in round {n}.").format(n=last)]
    if left is not None and left.get("saved") is True:
        lines.append(_("It was left with a save to resume it from."))
    elif left is not None:
        lines.append(_("It was left unfinished, with no save to resume it from."))
        for decision in left.get("decisions") or []:
            if not isinstance(decision, dict):
                continue
            name = decision.get("player")
            kind = decision.get("decision")
            if kind == "solve":
                lines.append(
                    "  "
                    + _("{name} submitted {code} (not revealed)").format(
                        name=name, code=decision.get("code")
                    )
                )
            elif kind == "pass":
                lines.append("  " + _("{name} passed").format(name=name))
            elif kind == "giveup":
                lines.append("  " + _("{name} gave up").format(name=name))
    if not replay.tests_known:
        lines.append(
            _(
                "Each player's tests stay private until the game is over: this file holds "
                "only the decisions revealed."
            )
        )
    return lines


def _guess_lines(replay: Replay) -> list[str]:
    if not replay.tests_known:
        return []
    guesses = replay.guesses()
    if not guesses:
        if any(s.kind == "solve" for rnd in replay.rounds for s in rnd.steps):
            return [_("No guesses: every solve was made with one code left.")]
        return []
    said = ", ".join(
        _("{name} in round {round}").format(name=name, round=rnd) for rnd, name in guesses
    )
    return [
        ngettext(
            "Guessed (solved with more than one code possible): {items}",
            "Guessed (solved with more than one code possible): {items}",
            len(guesses),
        ).format(items=said)
    ]


def replay_lines(replay: Replay) -> list[str]:
    """The whole replay, a line each."""
    puzzle = replay.puzzle
    cards = ", ".join("/".join(str(c) for c in group) for group in puzzle.cards)
    head = _("{mode} · cards {cards}").format(mode=mode_name(puzzle.mode.value), cards=cards)
    if replay.box:
        head += " · " + _("beside the box")
    lines = [_("The game of {file}").format(file=replay.source), head]
    lines.append(
        ngettext("Player: {names}", "Players: {names}", len(replay.players)).format(
            names=", ".join(replay.players)
        )
    )
    lines.append(
        _("Before any test the cards leave {possible}.").format(
            possible=_possible(replay.start_remaining)
        )
    )
    for rnd in replay.rounds:
        lines.append("")
        lines.append(_("Round {n}").format(n=rnd.number))
        said = [line for line in map(_step_line, rnd.steps) if line is not None]
        lines += ["  " + line for line in said] or ["  " + _("(nothing recorded)")]
    lines.append("")
    lines += _end_lines(replay) if replay.over else _not_over_lines(replay)
    guesses = _guess_lines(replay)
    if guesses:
        lines += ["", *guesses]
    return lines


@click.command("replay")
@click.argument("file", metavar="FILE", type=click.Path(dir_okay=True, path_type=str))
@cardset_option(
    N_(
        "Card set the game was played with: a name under cards/ or a path to a card-set "
        "YAML file (default: the one the transcript names, or classic)."
    )
)
@click.option("--json", "as_json", is_flag=True, help="Print the replay as one JSON object.")
def replay(file: str, cardset_name: str | None, as_json: bool) -> None:
    """Look back on a game from its transcript (turing play --transcript FILE).

    Round by round: each player's codes and tests with the verifiers' answers, after each
    test how many codes that player could still hold possible (from the cards and their
    own answers alone), the decisions (a solve made while more than one code was possible
    is marked a guess), and the end: winners, tests and hints, the solution and the
    criteria. A game that is not over is shown only as far as its transcript goes.
    """
    forced: CardSet | None = load_cardset(cardset_name) if cardset_name is not None else None
    if file == "-":
        fail(_("give the transcript FILE by its name"))
    try:
        found = read_replay(file, forced, cardset_name)
    except ReplayError as exc:
        if exc.changed_cards and exc.given:
            fail(
                _("{problem}; give --cardset FILE with the set the game was played with").format(
                    problem=exc
                )
            )
        if exc.changed_cards:
            fail(_("{problem}; give --cardset FILE with the set as it was").format(problem=exc))
        if exc.cardset:
            fail(_("{problem}; give --cardset FILE to read it with a copy").format(problem=exc))
        if exc.other_cardset:
            fail(
                _(
                    "{problem} — under the card set given with --cardset; is it the set the "
                    "game was played with?"
                ).format(problem=exc)
            )
        fail(str(exc))
    if as_json:
        emit_json(found.to_dict())
        return
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    for line in replay_lines(found):
        click.echo(_wrapped(line, width))


def _wrapped(line: str, width: int | None) -> str:
    """``line`` cut at spaces to ``width`` columns (None: whole), each further piece
    indented two more than the line."""
    if width is None or len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip(" ")))
    return textwrap.fill(
        line.strip(),
        width=max(width, 20),
        initial_indent=indent,
        subsequent_indent=indent + ("  " if indent else ""),
        break_long_words=False,
        break_on_hyphens=False,
    )
