"""The German catalogue against the code: every translatable text is translated, none is
stale or fuzzy, the placeholders agree, and the shipped ``.mo`` is the compiled ``.po``.

The texts are found the way ``python -m turing.i18n update`` finds them: Babel's Python
extractor over ``turing/`` (``_``, ``N_``, ``ngettext``, ``lazy_gettext``) plus the help of
every click command and option.
"""

from __future__ import annotations

import io
import textwrap

import pytest

from turing import i18n

pytest.importorskip("babel")


@pytest.fixture(scope="module")
def problems() -> dict[str, list[str]]:
    return i18n.problems()


@pytest.mark.parametrize("kind", ["missing", "fuzzy", "stale", "placeholders"])
def test_the_german_catalogue_is_complete(problems: dict[str, list[str]], kind: str) -> None:
    found = problems[kind]
    assert found == [], (
        f"{len(found)} {kind} German texts (run: python -m turing.i18n update, then translate "
        f"in {i18n.PO_FILE.name}): {found[:10]}"
    )


def test_the_shipped_mo_is_the_compiled_po() -> None:
    assert i18n.MO_FILE.read_bytes() == i18n.compiled_bytes(i18n.read_po()), (
        "the .mo is out of date: python -m turing.i18n compile"
    )


def test_the_extractor_finds_marked_texts_and_click_help() -> None:
    source = textwrap.dedent(
        '''
        import click
        from turing.i18n import N_, _, ngettext

        @click.command()
        @click.option("--fast", help="Go fast.")
        def run() -> None:
            """Run it.

            In detail.
            """
            print(_("one {x}").format(x=1), N_("marked"))
            print(ngettext("{n} egg", "{n} eggs", 2))
        '''
    )
    found = list(i18n.extract_python_and_help(io.BytesIO(source.encode()), i18n.KEYWORDS, (), {}))
    # Babel's raw Python extractor gives every argument of a call (the count as None)
    messages = {entry[2][:2] if isinstance(entry[2], tuple) else entry[2] for entry in found}
    assert {"one {x}", "marked", ("{n} egg", "{n} eggs"), "Go fast.", "Run it.\n\nIn detail."} <= (
        messages
    )


def test_a_missing_translation_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    template = i18n.extract_template()
    template.add("a sentence nobody translated", None, [("turing/x.py", 1)])
    monkeypatch.setattr(i18n, "extract_template", lambda: template)
    assert "a sentence nobody translated" in i18n.problems()["missing"]


def test_a_stale_translation_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    template = i18n.extract_template()
    gone = next(iter(m.id for m in template if m.id and isinstance(m.id, str)))
    template.delete(gone)
    monkeypatch.setattr(i18n, "extract_template", lambda: template)
    assert gone in i18n.problems()["stale"]
