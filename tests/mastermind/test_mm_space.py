"""Code spaces and presets: sizes, indices, parsing codes as typed."""

from __future__ import annotations

import pytest

from turing.mastermind.presets import PRESETS, CodeError, PresetError, get_preset
from turing.mastermind.space import CodeSpace, SpaceError


@pytest.mark.parametrize(
    ("args", "size"),
    [
        ((4, 6, True, False), 1296),
        ((4, 8, False, False), 1680),
        ((4, 8, True, False), 4096),
        ((4, 8, True, True), 6561),
        ((4, 8, False, True), 3393),  # pegs unique, any number of empty holes
        ((5, 8, True, False), 32768),
        ((5, 6, True, False), 7776),
    ],
)
def test_space_sizes(args: tuple[int, int, bool, bool], size: int) -> None:
    assert len(CodeSpace(*args)) == size


def test_index_order_is_written_order() -> None:
    space = CodeSpace(4, 6)
    assert space.index((0, 0, 0, 0)) == 0
    assert space.index((0, 0, 1, 1)) == 7
    assert space.index((5, 5, 5, 5)) == 1295
    assert all(space.index(space.code(i)) == i for i in range(0, 1296, 37))


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        ((4, 6, True, False), (0, 0, 1), "4 positions"),
        ((4, 6, True, False), (0, 0, 1, 6), "outside"),
        ((4, 8, False, False), (0, 0, 1, 2), "twice"),
    ],
)
def test_illegal_codes(
    args: tuple[int, int, bool, bool], code: tuple[int, ...], message: str
) -> None:
    with pytest.raises(SpaceError, match=message):
        CodeSpace(*args).index(code)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 6), "positions"),
        ((4, 1), "colours"),
        ((4, 3, False), "at least 4 colours"),
        ((8, 9), "too many"),
    ],
)
def test_impossible_spaces(args: tuple[int, ...], message: str) -> None:
    with pytest.raises(SpaceError, match=message):
        CodeSpace(*args)  # type: ignore[arg-type]


def test_symmetric_roots_are_one_per_pattern() -> None:
    space = CodeSpace(4, 6)
    roots = [space.code(int(i)) for i in space.symmetric_roots]
    assert roots == [(0, 0, 0, 0), (0, 0, 0, 1), (0, 0, 1, 1), (0, 0, 1, 2), (0, 1, 2, 3)]
    assert len(CodeSpace(4, 8, repeats=False).symmetric_roots) == 1


def test_presets_follow_the_rule_books() -> None:
    facts = {
        name: (p.positions, len(p.colours), p.repeats, p.rows, p.unsolved_points, p.mode)
        for name, p in PRESETS.items()
    }
    assert facts == {
        "classic": (4, 6, True, 10, 11, "alternate"),
        "superhirn": (4, 8, False, 12, 13, "alternate"),
        "logik": (5, 8, True, 12, 13, "duel"),
        "master-collor": (5, 6, True, 12, 13, "alternate"),
    }


def test_variants_and_custom_games() -> None:
    assert get_preset("superhirn", repeats=True).name == "superhirn+duplicates"
    blank = get_preset("superhirn", blank=True)
    assert blank.name == "superhirn+blank" and blank.space.symbols == 9
    custom = get_preset("classic", positions=5, colours=8, rows=12)
    assert custom.name == "classic+colours=8+positions=5+rows=12"
    assert len(custom.space) == 8**5 and custom.unsolved_points == 13
    assert get_preset("classic", positions=4) is PRESETS["classic"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "chess"}, "unknown preset"),
        ({"name": "classic", "colours": 12}, "colours must be"),
        ({"name": "classic", "rows": 0}, "rows must be"),
        ({"name": "superhirn", "colours": 3}, "at least 4 colours"),
    ],
)
def test_bad_presets(kwargs: dict[str, object], message: str) -> None:
    name = str(kwargs.pop("name"))
    with pytest.raises(PresetError, match=message):
        get_preset(name, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["1122", "RRGG", "rrgg", "R R G G", "red red green green", "1 r G green", "11,22"]
)
def test_codes_typed_many_ways(text: str) -> None:
    preset = PRESETS["classic"]
    assert preset.palette.parse(text, preset.space) == (0, 0, 1, 1)


def test_empty_hole_typed() -> None:
    preset = get_preset("superhirn", blank=True)
    assert preset.palette.parse("R..Y", preset.space) == (0, 8, 8, 1)
    assert preset.palette.parse("1009", preset.space) == (0, 8, 8, 8)
    assert preset.palette.format((0, 8, 8, 1)) == "R..Y"


@pytest.mark.parametrize(
    ("preset", "text", "message"),
    [
        ("classic", "RGB", "has 3 colours; a code has 4"),
        ("classic", "rot", "'rot' has 1 colour; a code has 4"),
        ("classic", "RGBX", "'X' is not a colour"),
        ("classic", "1237", "'7' is not a colour"),
        ("classic", "R.GB", "marks an empty hole, which this game has not"),
        ("superhirn", "RRGB", "twice"),
        ("classic", "   ", "type a code"),
    ],
)
def test_bad_codes_say_what_is_wrong(preset: str, text: str, message: str) -> None:
    game = PRESETS[preset]
    with pytest.raises(CodeError, match=message):
        game.palette.parse(text, game.space)
