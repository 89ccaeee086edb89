"""The parse cache: a card set read before comes from the cache, an edited file is read
again, a refused file is never kept, and a cache that cannot be trusted is ignored."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from testsupport.cli import ROOT
from turing.core import cards
from turing.core.cards import CardError, load_cardset
from turing.core.files import cache_dir, cached_parse

CORE = Path(cards.__file__).parent

SMALL_SET = """\
name: small
cards:
  - number: 1
    title: Blue
    criteria:
      - {text: "blue is 1", when: "b == 1"}
      - {text: "blue is more than 1", when: "b > 1"}
  - number: 2
    title: Yellow
    criteria:
      - {text: "yellow is even", when: "even(y)"}
      - {text: "yellow is odd", when: "odd(y)"}
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("TURING_CACHE_DIR", str(folder))
    return folder


def entries(cache: Path) -> list[Path]:
    return sorted((cache / "cardsets").glob("*.pickle"))


def fresh(path: Path) -> cards.CardSet:
    """Load without the in-process cache, so only the parse cache can spare the parser."""
    cards._load_cached.cache_clear()
    return load_cardset(path)


def test_a_set_read_before_comes_from_the_cache(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_SET)
    first = fresh(path)
    assert len(entries(cache)) == 1
    second = fresh(path)
    assert second is not first  # read from the cache file, not kept in memory
    assert second == first
    assert second.masks == first.masks
    assert second.card(2).criterion(1).line == first.card(2).criterion(1).line


def test_the_shipped_set_from_the_cache_equals_the_parsed_one(cache: Path) -> None:
    classic = ROOT / "cards" / "classic.yaml"
    cards._load_cached.cache_clear()
    parsed = load_cardset("classic")
    cached = fresh(classic)
    assert cached == parsed and cached.masks == parsed.masks
    assert [c.text for card in cached for c in card.criteria] == [
        c.text for card in parsed for c in card.criteria
    ]


def test_an_edited_file_is_read_again(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_SET)
    before = fresh(path)
    path.write_text(SMALL_SET.replace("b == 1", "b == 2"))
    after = fresh(path)
    assert after.card(1).criterion(1).when == "b == 2"
    assert after.card(1).criterion(1).mask != before.card(1).criterion(1).mask
    assert len(entries(cache)) == 2


def test_the_same_text_under_another_name_is_its_own_entry(cache: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(SMALL_SET.replace("name: small\n", ""))
    two.write_text(SMALL_SET.replace("name: small\n", ""))
    assert fresh(one).name == "one"
    assert fresh(two).name == "two"


def test_a_refused_file_is_never_kept(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(SMALL_SET.replace("b > 1", "b >> 1"))
    for _ in range(2):
        with pytest.raises(CardError) as err:
            fresh(path)
        assert str(err.value).startswith(f"{path}:7:")
    assert entries(cache) == []


def test_a_damaged_or_foreign_entry_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_SET)
    good = fresh(path)
    (entry,) = entries(cache)
    entry.write_bytes(b"not a pickle")
    assert fresh(path) == good
    # an entry of the wrong type is not served
    entry.write_bytes(pickle.dumps("a string"))
    assert fresh(path) == good
    # an entry others may write is not trusted
    wrong = cards.CardSet("wrong", {})
    entry.write_bytes(pickle.dumps(wrong))
    entry.chmod(0o666)
    assert fresh(path) == good
    # (the entry was written again, by this user, readable only by them)
    assert entry.stat().st_mode & 0o077 == 0


def test_changed_parsing_code_is_a_new_key(cache: Path, tmp_path: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "parser.py").write_text("VERSION = 1\n")
    calls: list[int] = []

    def build() -> str:
        calls.append(1)
        return f"built {len(calls)}"

    assert cached_parse("things", "text", (), code, build, str) == "built 1"
    assert cached_parse("things", "text", (), code, build, str) == "built 1"
    (code / "parser.py").write_text("VERSION = 2\n")
    assert cached_parse("things", "text", (), code, build, str) == "built 2"
    assert cached_parse("things", "other text", ("a",), code, build, str) == "built 3"
    assert cached_parse("things", "other text", ("b",), code, build, str) == "built 4"


def test_no_cache_when_switched_off_or_not_writable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_SET)
    monkeypatch.setenv("TURING_CACHE_DIR", "")
    assert cache_dir() is None
    assert fresh(path).name == "small"
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("")
    monkeypatch.setenv("TURING_CACHE_DIR", str(blocked))
    assert fresh(path).name == "small"
    assert blocked.read_text() == ""


def test_the_cache_keeps_a_bounded_number_of_entries(cache: Path, tmp_path: Path) -> None:
    code = tmp_path / "code"
    code.mkdir()
    (code / "parser.py").write_text("")
    for i in range(70):
        cached_parse("things", f"text {i}", (), code, lambda: "x", str)
    kept = [e for e in os.listdir(cache / "things") if e.endswith(".pickle")]
    assert len(kept) == 64


def test_cache_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TURING_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert cache_dir() == Path("/somewhere/turing")
    monkeypatch.setenv("TURING_CACHE_DIR", "/elsewhere")
    assert cache_dir() == Path("/elsewhere")


def test_a_copied_core_package_keys_its_own_entries(cache: Path, tmp_path: Path) -> None:
    # The key reads the code of every module in the folder it is given.
    copy = tmp_path / "core"
    shutil.copytree(CORE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    calls: list[int] = []

    def build() -> int:
        calls.append(1)
        return len(calls)

    first = cached_parse("probe", "t", (), copy, build, int)
    (copy / "criteria.py").write_text((copy / "criteria.py").read_text() + "\n# changed\n")
    assert cached_parse("probe", "t", (), copy, build, int) == first + 1


def test_an_entry_under_another_name_is_not_served(cache: Path, tmp_path: Path) -> None:
    # Two sets' entries, their names swapped: each set is read again, not taken from the
    # other's entry, and the swapped entries are dropped.
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(SMALL_SET.replace("name: small", "name: one"))
    two.write_text(SMALL_SET.replace("name: small", "name: two").replace("Blue", "Azure"))
    fresh(one)
    first = set(entries(cache))
    fresh(two)
    (entry_two,) = set(entries(cache)) - first
    (entry_one,) = first
    swap = entry_one.with_suffix(".swap")
    entry_one.rename(swap)
    entry_two.rename(entry_one)
    swap.rename(entry_two)
    assert fresh(one).card(1).title == "Blue"
    assert fresh(two).card(1).title == "Azure"
    assert fresh(one).name == "one" and fresh(two).name == "two"


def planted(cache: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A set read once into ``cache``, its entry then replaced by another set's, kept
    under its key: what someone who could write into the folder would leave there."""
    path = tmp_path / "small.yaml"
    path.write_text(SMALL_SET)
    fresh(path)
    (entry,) = entries(cache)
    key, _value = pickle.loads(entry.read_bytes())
    entry.write_bytes(pickle.dumps((key, cards.CardSet("planted", {}))))
    entry.chmod(0o600)
    assert fresh(path).name == "planted"  # this user's own private folder is trusted
    return path, entry


def test_a_folder_others_may_write_is_not_used(cache: Path, tmp_path: Path) -> None:
    path, entry = planted(cache, tmp_path)
    for folder in (cache, cache / "cardsets"):
        folder.chmod(0o777)
        assert fresh(path).name == "small"
        assert pickle.loads(entry.read_bytes())[1].name == "planted"  # nothing written
        folder.chmod(0o700)
    assert fresh(path).name == "planted"


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user takes root")
def test_a_folder_of_another_user_is_not_used(cache: Path, tmp_path: Path) -> None:
    path, _entry = planted(cache, tmp_path)
    for folder in (cache, cache / "cardsets"):
        os.chown(folder, 65534, 65534)
        assert fresh(path).name == "small"
        os.chown(folder, 0, 0)


def test_a_relative_xdg_cache_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TURING_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/x")
    assert cache_dir() == Path(os.path.expanduser("~")) / ".cache" / "turing"
    monkeypatch.setenv("XDG_CACHE_HOME", "")
    assert cache_dir() == Path(os.path.expanduser("~")) / ".cache" / "turing"
