"""The play session and `turing play` as people play it: each finding of playing at the
keyboard, checked through the command (CliRunner) or the session the views share.

The session's names are imported inside the tests that use them, so that the tests of the
command alone also run (and fail) against an older turing that has no session."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Final

import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from turing import i18n
from turing.analysis.greedy import candidate_codes
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.codes import EXAMPLE_CODE
from turing.core.puzzle import iter_puzzle_file, load_puzzle
from turing.core.solver import deduce
from turing.generation.bank import Bank
from turing.generation.generator import generate_one
from turing.play.game import Game, puzzles_dir, sample_puzzle_path

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())


def play(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=script)


def order_of(output: str) -> list[str]:
    """The turn headers and reveals of a scripted game, in the order they appear."""
    marks = re.findall(r"— (\S+)'s turn, round (\d+) —|Round (\d+) revealed:", output)
    return [f"{r}:{name}" if name else f"{rev}:reveal" for name, r, rev in marks]


# -- 1. turn order ---------------------------------------------------------------------------


def test_the_last_seat_does_not_play_the_next_round_first() -> None:
    result = play(["--players", "alice,bob", "--seed", "1"], "pass\npass\ntest 222 C\npass\n")
    assert order_of(result.output) == ["1:alice", "1:bob", "1:reveal", "2:alice", "2:bob"]
    assert "alice> test 222 C" in result.output
    assert "bob> test 222 C" not in result.output


def test_a_bot_first_keeps_its_seat_in_every_round() -> None:
    result = play(["--players", "bot:random,ann", "--seed", "5"], "pass\npass\npass\n")
    lines = [
        line
        for line in result.output.splitlines()
        if "played its turn" in line or line.startswith("ann> ") or "revealed:" in line
    ]
    rounds = [i for i, line in enumerate(lines) if "revealed:" in line]
    assert len(rounds) >= 2
    for start in [0, *[r + 1 for r in rounds[:-1]]]:
        assert lines[start].startswith("bot:random has played its turn"), lines


def test_solo_rounds_are_headed_and_reported_each_in_its_own_round() -> None:
    result = play([], "pass\ncompose 111; test A\npass\nsolve 241\n")
    out = result.output
    assert out.index("— Round 1 —") < out.index("Round 1 revealed:") < out.index("— Round 2 —")
    assert out.index("— Round 2 —") < out.index("Round 2 revealed:") < out.index("— Round 3 —")
    assert "Result · solution 241 · 3 rounds" in out


# -- 2. hidden information -------------------------------------------------------------------


def test_no_seed_and_no_derived_id_is_shown_while_playing(tmp_path: Path) -> None:
    seed = 424242
    transcript = tmp_path / "t.jsonl"
    args = ["--random", "--seed", str(seed), "--verifiers", "5", "--transcript", str(transcript)]
    result = play(args, "pass\nquit\n")
    generated = generate_one(
        mode="classic", verifiers=5, seed=seed, cardset="classic"
    )  # the first candidate (the one the seed gives)
    assert str(seed) not in result.output
    assert "seed" not in result.output.lower()
    assert "random puzzle" in result.output.splitlines()[0]
    assert (generated.id or "?") not in result.output
    start = json.loads(transcript.read_text().splitlines()[0])
    assert start["event"] == "start"
    assert start["puzzle"]["id"] == "random puzzle"
    for key in ("seed", "index", "min_tests", "min_tests_worst", "solution", "criteria"):
        assert key not in start["puzzle"], key


def test_the_bots_see_no_generator_figures() -> None:
    puzzle = generate_one(mode="nightmare", verifiers=5, seed=3)
    assert "seed" in puzzle.extra
    game = Game(puzzle, ["bot:greedy"], CLASSIC, label="random puzzle")
    shown = game.view("bot:greedy").puzzle
    assert shown.id == "random puzzle"
    assert set(shown.extra) <= {"difficulty"}
    assert shown.criteria is None and shown.real_cards is None and shown.solution is None


def test_a_file_id_computed_from_the_puzzle_is_not_shown(tmp_path: Path) -> None:
    puzzle = generate_one(mode="classic", verifiers=4, seed=11)
    path = tmp_path / "one.json"
    path.write_text(json.dumps(puzzle.to_dict()))
    result = play([str(path)], "quit\n")
    assert puzzle.id is not None and puzzle.id not in result.output
    # the same file naming its card set by a path: the id was hashed under "classic", so
    # the check must not depend on how this copy names the set
    named = tmp_path / "named.json"
    named.write_text(
        json.dumps({**puzzle.to_dict(), "cardset": str(ROOT / "cards" / "classic.yaml")})
    )
    transcript = tmp_path / "t.jsonl"
    other = play([str(named), "--transcript", str(transcript)], "quit\n")
    assert puzzle.id not in other.output and "puzzle of named.json" in other.output
    assert puzzle.id not in transcript.read_text()
    assert "puzzle of one.json" in result.output
    authored = play(["--id", "03-X"], "quit\n")
    assert "03-X" in authored.output.splitlines()[0]  # an author's own id is fine


# -- 3. the example is not an answer ---------------------------------------------------------


def shipped_games() -> list[Game]:
    """A game of every shipped puzzle: ``puzzles/`` and its folders, the sample among them."""
    games = []
    for path in sorted(puzzles_dir().rglob("*")):
        if path.suffix.lower() not in (".yaml", ".yml", ".json", ".jsonl"):
            continue
        for loaded in iter_puzzle_file(path, None):
            games.append(Game(loaded.puzzle, ["x"], loaded.cardset))
    return games


def shipped_solutions() -> set[str]:
    return {game.solution for game in shipped_games() if game.solution is not None}


def shipped_reading_codes() -> set[str]:
    """Every code some reading of a shipped puzzle's cards leads to: what a player may
    still take for the answer at the start."""
    return {code for game in shipped_games() for code in candidate_codes(game.view("x"))}


CODE_IN_TEXT: Final = re.compile(r"(?<![\d.])([1-5])[ ,]?([1-5])[ ,]?([1-5])(?![\d.])")


def codes_shown(text: str) -> set[str]:
    return {"".join(m) for m in CODE_IN_TEXT.findall(text)}


def test_the_example_code_is_the_answer_to_no_shipped_puzzle() -> None:
    solutions = shipped_solutions()
    assert {"241", "134", "432"} <= solutions  # the sample, extreme and nightmare puzzles
    assert sample_puzzle_path() in puzzles_dir().rglob("*")
    assert EXAMPLE_CODE not in solutions
    assert EXAMPLE_CODE not in shipped_reading_codes()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_example_a_player_sees_is_the_example_code(lang: str) -> None:
    solutions = shipped_solutions()
    runner = CliRunner()
    texts = {
        "turing --help": runner.invoke(main, ["--lang", lang, "--help"]).output,
        "play --help": play(["--lang", lang, "--help"]).output,
        "the game": play(["--lang", lang], "help\ncompose\nsolve\ncompose 9\nquit\n").output,
    }
    from turing.play.session import grammar_help

    with i18n.speaking(lang):
        texts["the grammar"] = grammar_help()
    for where, text in texts.items():
        assert not codes_shown(text) & solutions, (where, codes_shown(text) & solutions)
    assert texts["the game"].count(EXAMPLE_CODE) >= 4, texts["the game"]


# -- 4, 5. refused lines change nothing ------------------------------------------------------


def test_four_verifiers_in_one_test_are_refused_as_the_line_not_run(tmp_path: Path) -> None:
    """One test command naming more verifiers than a round allows is a refused line like
    any other: it says the line was not run, and runs none of it."""
    transcript = tmp_path / "t.jsonl"
    result = play(["--transcript", str(transcript)], "test 111 A B C D\nquit\n")
    assert "error: line 1: at most 3 tests per round (the line was not run)" in result.output
    events = [json.loads(line)["event"] for line in transcript.read_text().splitlines()]
    assert "test" not in events
    german = play(["--lang", "de"], "test 111 A B C D\nquit\n")
    assert "Fehler: Zeile 1: höchstens 3 Tests pro Runde (die Zeile wurde nicht ausgeführt)" in (
        german.output
    )


def test_a_refused_line_uses_no_tests(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    result = play(
        ["--transcript", str(transcript)],
        "test 111 A\ntest B C D\ntest B B\ntest B; note A; test C; test D; test E\nquit\n",
    )
    assert "error: line 2: at most 3 tests per round (the line was not run)" in result.output
    assert "error: line 3: verifier B named twice" in result.output
    assert "error: line 4: no verifier 'E'" in result.output
    tests = [
        e for e in map(json.loads, transcript.read_text().splitlines()) if e["event"] == "test"
    ]
    assert [t["verifier"] for t in tests] == ["A"]
    assert "Note on A" not in result.output


def test_a_note_takes_the_rest_of_its_line_semicolons_included(tmp_path: Path) -> None:
    """A note is free text: ';' in it is part of it, wherever the note stands on its line;
    a note cleared is followed by the next command as usual. The note is saved whole."""
    save = tmp_path / "g.json"
    result = play(
        ["--seed", "1"],
        f"note A y<4; maybe 3\nc 111; t a; n b x; test C\nnote A; note D\nsave {save}\nquit\n",
    )
    assert result.exit_code == 1, result.output
    assert "unknown command" not in result.output and "error" not in result.output
    assert "Note on A: y<4; maybe 3" in result.output
    assert "111 on A: " in result.output and "111 on C: " not in result.output
    assert "Note on B: x; test C" in result.output
    resumed = play(["--resume", str(save)], "show\nquit\n")
    assert "x; test C" in resumed.output and "y<4; maybe 3" not in resumed.output
    german = play(["--seed", "1", "--lang", "de"], "notiz A y<4; vielleicht 3\nquit\n")
    assert "Notiz zu A: y<4; vielleicht 3" in german.output, german.output


def test_a_test_after_done_is_refused_as_testing_over_whatever_it_lacks(tmp_path: Path) -> None:
    """Once the round's tests are ended, a test without a code is not told to compose one
    (advice that would be refused in turn): every test is refused as testing over."""
    transcript = tmp_path / "t.jsonl"
    script = "done; t b\ndone\ntest A\nt\nt q\ntest 352 A\ncompose 111\nc 111; t a\nquit\n"
    result = play(["--transcript", str(transcript)], script)
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    over = "testing is over for this round: solve or pass"
    not_run = " (the line was not run)"
    assert errors == [
        f"error: line 1: {over}{not_run}",
        f"error: line 3: {over}",
        f"error: line 4: {over}",
        f"error: line 5: {over}",
        f"error: line 6: {over}{not_run}",
        f"error: line 7: {over}",
        f"error: line 8: {over}{not_run}",
    ]
    events = [json.loads(line)["event"] for line in transcript.read_text().splitlines()]
    assert "test" not in events and "compose" not in events
    german = play(["--lang", "de"], "fertig\ntest A\nt 352 a\nquit\n")
    errors = [line for line in german.output.splitlines() if line.startswith("Fehler: ")]
    assert errors == [
        "Fehler: Zeile 2: die Tests dieser Runde sind vorbei: lösen oder passen",
        "Fehler: Zeile 3: die Tests dieser Runde sind vorbei: lösen oder passen "
        "(die Zeile wurde nicht ausgeführt)",
    ]


def test_a_refused_line_of_several_commands_says_none_of_it_ran(tmp_path: Path) -> None:
    """Whatever refuses a line of several commands (or of one command that takes several
    steps), the refusal ends in the same words: nothing of the line ran. A command of one
    step refused alone is refused without them."""
    transcript = tmp_path / "t.jsonl"
    script = (
        "c 123; t a; t q\nt q\nfoo; t a\nc 123; c 1234\nt a\nt 123 a; pass; pass\n"
        "c 123; t a; hint best; t b c d\nstrike a 9\nstrike a 1; strike a 9\nquit\n"
    )
    result = play(["--transcript", str(transcript)], script)
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    not_run = " (the line was not run)"
    assert errors == [
        "error: line 1: no verifier 'q': this puzzle has A, B, C, D" + not_run,
        "error: line 2: no verifier 'q': this puzzle has A, B, C, D",
        "error: line 3: unknown command 'foo' (type help for the commands)" + not_run,
        "error: line 4: '1234' is not a code: a code is three digits 1–5, like 352" + not_run,
        "error: line 5: compose a code first (compose 352), or give it: test 352 A",
        "error: line 6: nothing may follow pass on a line: the turn is over after it" + not_run,
        "error: line 7: at most 3 tests per round" + not_run,
        "error: line 8: card 4 has criteria 1–3, not 9",
        "error: line 9: card 4 has criteria 1–3, not 9" + not_run,
    ]
    events = [json.loads(line)["event"] for line in transcript.read_text().splitlines()]
    assert not {"compose", "test", "strike", "hint"} & set(events)
    german = play(["--lang", "de"], "c 123; t a; t q\nt q\nquit\n")
    errors = [line for line in german.output.splitlines() if line.startswith("Fehler: ")]
    assert errors == [
        "Fehler: Zeile 1: kein Prüfer 'q': dieses Rätsel hat A, B, C, D "
        "(die Zeile wurde nicht ausgeführt)",
        "Fehler: Zeile 2: kein Prüfer 'q': dieses Rätsel hat A, B, C, D",
    ]


def test_hint_best_after_done_advises_the_solve_and_is_counted() -> None:
    from turing.play.session import Session, parse_players

    session = Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1)
    for _ in session.run(session.plan("player", "compose 111; test A; done")):
        pass
    session.plan("player", "hint best")  # accepted: there is advice to give
    best = session.best_test("player")
    assert (best.tests_over, best.solution, best.verifier, best.used) == (True, "241", None, 1)
    assert session.game.hints_used("player") == 1
    result = play([], "c 111; t a\ndone\nhint best\nsolve 241\n")
    assert "Best now: solve 241 (hints used: 1)" in result.output
    rows = [line.split() for line in result.output.splitlines() if line.startswith("player ")]
    assert rows[-1][-1] == "1"  # the hint is counted


# -- 6. --save to a folder -------------------------------------------------------------------


def test_save_to_a_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    result = play(["--save", str(tmp_path)], "pass\n")
    assert result.exit_code == 2
    assert result.output.startswith("error: --save: cannot save to")
    assert "Round 1" not in result.output
    missing = play(["--save", str(tmp_path / "no" / "such.json")], "pass\n")
    assert missing.exit_code == 2 and "Round 1" not in missing.output


# -- 9. puzzles that need no test ------------------------------------------------------------


def test_random_play_skips_puzzles_the_cards_alone_solve() -> None:
    first = generate_one(mode="classic", verifiers=4, seed=1)
    assert len(deduce(first.public(), CLASSIC).codes) == 1  # seed 1 gives such a puzzle first
    args = ["--random", "--verifiers", "4", "--seed", "1", "--players", "bot:greedy", "--json"]
    played = json.loads(play(args).output)
    assert played["tests"]["bot:greedy"] >= 1
    assert played["puzzle"] != first.id
    anyway = json.loads(play([*args, "--min-tests", "0"]).output)
    assert anyway["puzzle"] == first.id and anyway["tests"]["bot:greedy"] == 0


# -- 10. giving up, the comparison, modes, bank ids, recap -----------------------------------


def test_giving_up_solo_shows_the_solution_at_once() -> None:
    result = play([], "giveup\n")
    assert result.exit_code == 0
    assert "player gives up." in result.output
    assert "Result · solution 241" in result.output
    assert "gave up in round 1" in result.output


def test_giving_up_in_a_shared_game_shows_the_solution_only_at_the_end() -> None:
    result = play(["--players", "ann,bob,cat"], "giveup\npass\npass\nsolve 241\npass\n")
    out = result.output
    first_reveal = out.index("Round 1 revealed:")
    assert "ann gave up" in out[first_reveal:]
    assert "241" not in out[:first_reveal].replace("ann> solve 241", "")
    before_end = out[: out.index("Result ·")]
    assert "solution" not in before_end
    assert "bob wins" in out


def test_the_fewest_tests_are_exact_or_labelled_bounds() -> None:
    from turing.play.session import fewest_tests

    lower, upper, code, verifiers = fewest_tests(SAMPLE, CLASSIC)
    assert (lower, upper) == (1, 1) and code is not None and verifiers
    hard = generate_one(mode="nightmare", verifiers=6, seed=1)
    low, high, first, _ = fewest_tests(hard, CLASSIC, max_work=1_000)
    assert first is None and (high is None or low < high)
    # Past the work, the bounds are those `turing analyze` gives: the lower bound its
    # search proved, the upper its best strategy, never just a lower bound.
    hard = generate_one(mode="nightmare", verifiers=6, difficulty="hard", seed=1)
    low, high, first, _ = fewest_tests(hard, CLASSIC)
    assert first is None and high is not None and 6 <= low < high <= 14
    result = play(
        ["--random", "--mode", "nightmare", "--verifiers", "6", "--seed", "1"], "giveup\n"
    )
    assert "Fewest tests that guarantee the code:" in result.output
    assert "(exact)" in result.output or "proven" in result.output


def test_mode_alone_plays_a_random_puzzle_of_that_mode() -> None:
    for mode in ("extreme", "nightmare"):
        result = play(["--mode", mode, "--seed", "3", "--players", "bot:greedy", "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["puzzle"][0] == mode[0].upper()


def test_bank_ids_may_be_typed_with_spaces_or_dashes(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    puzzle = generate_one(mode="classic", verifiers=4, seed=7)
    with Bank(bank) as b:
        b.add([puzzle])
    assert puzzle.id is not None
    for typed in (puzzle.id, puzzle.id.replace("-", " "), puzzle.id.replace("-", "").lower()):
        result = play(["--bank", str(bank), "--id", typed, "--players", "bot:greedy", "--json"])
        assert result.exit_code == 0, (typed, result.output)
    shown = play(["--bank", str(bank), "--id", puzzle.id.replace("-", " ")], "quit\n")
    assert "bank puzzle" in shown.output and puzzle.id not in shown.output


def test_a_resumed_game_starts_with_a_recap(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["--players", "ann,bob", "--save", str(save)], "c 111; t a\npass\npass\nquit\n")
    result = play(["--resume", str(save)], "quit\n")
    assert "Resumed in round 2." in result.output
    assert "Round 1 was:" in result.output and "ann passed" in result.output
    assert "ann: 1 test, in the game" in result.output
    assert "Next: ann's turn." in result.output


def test_the_recap_counts_the_game_so_far_not_under_the_last_round(tmp_path: Path) -> None:
    """Saved in round 2 after 3 tests in round 1 and 1 in round 2: the last round says each
    seat's tests of it, and the counts under their own heading (not under "Round 1 was:")
    are those before round 2, whose tests wait for its reveal; no one's codes or answers."""
    save = tmp_path / "g.json"
    play(
        ["--players", "ann,bob", "--save", str(save)],
        "c 111; t a b c\npass\n\nc 222; t a\npass\n\nc 333; t d\nsave\nquit\n",
    )
    for lang, was, passed, so_far, ann, bob in (
        (
            "en",
            "Round 1 was:",
            ("ann passed (3 tests)", "bob passed (1 test)"),
            "The game so far (tests before this round):",
            "ann: 3 tests, in the game",
            "bob: 1 test, in the game",
        ),
        (
            "de",
            "Runde 1 war:",
            ("ann hat gepasst (3 Tests)", "bob hat gepasst (1 Test)"),
            "Das Spiel bisher (Tests vor dieser Runde):",
            "ann: 3 Tests, im Spiel",
            "bob: 1 Test, im Spiel",
        ),
    ):
        result = play(["--lang", lang, "--resume", str(save)], "quit\n")
        lines = [line.strip() for line in result.output.splitlines()]
        start = lines.index(was)
        assert lines[start : start + 6] == [was, *passed, so_far, ann, bob], result.output
        recap = "\n".join(lines[: start + 6])
        assert not any(code in recap for code in ("111", "222", "333", "✔", "✘"))


def test_the_save_keeps_the_answer_out_of_plain_sight(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["--save", str(save)], "save\nquit\n")
    text = save.read_text()
    doc = json.loads(text)
    assert set(doc) == {"format", "version", "note", "players", "round", "packed"}
    assert '"241"' not in text and '"criteria"' not in text
    assert "not a secret" in doc["note"]
    assert deduce(SAMPLE.public(), CLASSIC).codes  # the sample is what was saved


def test_the_session_turns_in_seat_order_and_reveals_each_round_once() -> None:
    from turing.play.session import Session, parse_players

    session = Session.new(SAMPLE, CLASSIC, parse_players("ann,bob,cat"), seed=1)
    seen: list[str] = []
    for _ in range(3):
        for _seat in range(3):
            turn = session.turn()
            assert turn is not None
            seen.append(f"{turn.round}:{turn.player}")
            for _outcome in session.run(session.plan(turn.player, "c 111; t a; pass")):
                pass
            assert not session.in_turn(turn)
            if _seat < 2:
                assert session.take_reveal() is None
        reveal = session.take_reveal()
        assert reveal is not None and [e.player for e in reveal.entries] == ["ann", "bob", "cat"]
        assert session.take_reveal() is None  # once
    assert seen == [f"{r}:{p}" for r in (1, 2, 3) for p in ("ann", "bob", "cat")]


def test_the_result_and_each_players_standing_come_from_the_session() -> None:
    from turing.play.session import FewestTests, Session, parse_players

    session = Session.new(SAMPLE, CLASSIC, parse_players("ann,bob"), seed=1)
    lines = {"ann": "c 241; t a; solve 241", "bob": "c 111; t a b; solve 111"}
    while (turn := session.turn()) is not None:
        for _outcome in session.run(session.plan(turn.player, lines[turn.player])):
            pass
        session.take_reveal()
    assert session.game.is_terminal()
    assert session.outcome() == "ann wins: solved it."
    exact = session.standings(FewestTests(1, 1, None, ()))
    assert [(s.player, s.result, s.tests, s.versus_fewest) for s in exact] == [
        ("ann", "won", 1, "as many"),
        ("bob", "eliminated in round 1 (111 wrong)", 2, "—"),
    ]
    bounds = session.standings(FewestTests(1, 3, None, ()))
    assert bounds[0].versus_fewest == "fewest 1–3"
    assert session.standings(FewestTests(1, None, None, ()))[0].versus_fewest == "fewest ≥ 1"
    assert all(s.versus_fewest is None for s in session.standings(None))


def test_a_players_test_log_has_a_row_per_round_and_code() -> None:
    from turing.core.codes import Code
    from turing.play.game import Compose, Test

    game = Game(SAMPLE, ["ann"], CLASSIC)
    assert game.view("ann").test_log() == []
    game.apply("ann", Compose(Code.parse("241")))
    assert game.view("ann").test_log() == [(1, "241", {})]
    answer = game.apply("ann", Test(0))
    game.apply("ann", Test(2))
    assert game.view("ann").test_log() == [(1, "241", {0: answer, 2: True})]


def test_help_on_strike_shows_the_forms_the_mode_takes() -> None:
    nightmare = str(ROOT / "puzzles" / "nightmare.yaml")
    by_card = play([nightmare, "--id", "02-N"], "help strike\nhelp unstrike\nquit\n")
    assert "strike CARD.K: strike criterion K of card CARD on the table" in by_card.output
    assert "unstrike CARD.K: take a strike back" in by_card.output
    assert "strike V K" not in by_card.output
    classic = play([], "help strike\nquit\n")
    assert "strike V K | strike CARD.K: strike criterion K of verifier V's card" in (classic.output)
