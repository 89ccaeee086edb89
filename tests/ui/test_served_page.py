"""The page a board is served in takes nothing from other sites: its font comes from the
server's own static files (textual-serve's page links it from fonts.googleapis.com)."""

from __future__ import annotations

from pathlib import Path

import pytest

from turing.cli.serving import own_templates


def package() -> Path:
    textual_serve = pytest.importorskip("textual_serve")
    return Path(textual_serve.__file__).parent


def test_the_page_takes_its_font_from_the_server(tmp_path: Path) -> None:
    found = own_templates(package(), tmp_path)
    assert found == tmp_path
    page = (tmp_path / "app_index.html").read_text(encoding="utf-8")
    assert "googleapis" not in page and "https://" not in page
    assert page.count("{{ config.static.url }}fonts/RobotoMono-") == 2
    for font in ("RobotoMono-VariableFont_wght.ttf", "RobotoMono-Italic-VariableFont_wght.ttf"):
        assert (package() / "static" / "fonts" / font).is_file()
    # the rest of the page is textual-serve's own
    theirs = (package() / "templates" / "app_index.html").read_text(encoding="utf-8")
    assert page.splitlines()[-40:] == theirs.splitlines()[-40:]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in (package() / "templates").iterdir() if p.is_file()
    )


def test_a_page_not_as_expected_is_served_as_textual_serve_writes_it(tmp_path: Path) -> None:
    other = tmp_path / "package"
    (other / "templates").mkdir(parents=True)
    (other / "static" / "fonts").mkdir(parents=True)
    (other / "static" / "fonts" / "RobotoMono-VariableFont_wght.ttf").write_bytes(b"")
    (other / "templates" / "app_index.html").write_text("<html>no font link</html>")
    out = tmp_path / "out"
    out.mkdir()
    assert own_templates(other, out) is None
    assert not list(out.iterdir())
    assert own_templates(tmp_path / "nowhere", out) is None


def test_the_page_is_named_in_its_language_and_gives_the_board_its_keys(tmp_path: Path) -> None:
    found = own_templates(package(), tmp_path, "de")
    assert found == tmp_path
    page = (tmp_path / "app_index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in page
    assert page.count("<title>{{ application.name }}</title>") == 1
    # the terminal takes the keys once the board has drawn, and reads to a screen reader
    assert "-first-byte" in page and ".xterm-helper-textarea" in page
    assert "scrollback:0,screenReaderMode:!0," in page
    assert 'js/textual.js"' not in page


def test_a_script_not_as_expected_is_loaded_as_textual_serve_loads_it(tmp_path: Path) -> None:
    other = tmp_path / "package"
    for folder in ("templates", "static/fonts", "static/js"):
        (other / folder).mkdir(parents=True)
    (other / "static" / "fonts" / "RobotoMono-VariableFont_wght.ttf").write_bytes(b"")
    (other / "static" / "js" / "textual.js").write_text("new Terminal({})")
    theirs = (package() / "templates" / "app_index.html").read_text(encoding="utf-8")
    (other / "templates" / "app_index.html").write_text(theirs)
    out = tmp_path / "out"
    out.mkdir()
    assert own_templates(other, out) == out
    page = (out / "app_index.html").read_text(encoding="utf-8")
    assert '<script src="{{ config.static.url }}js/textual.js"></script>' in page
    assert '<html lang="en">' in page and "-first-byte" in page
