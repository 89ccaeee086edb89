"""The languages turing speaks: English (the source text) and German.

Every sentence a person reads is written in English in the code and looked up in a gettext
catalogue (domain ``turing``): ``turing/locale/de/LC_MESSAGES/turing.po`` is the German
source, ``turing.mo`` beside it the compiled copy shipped with the package.

* ``_(msg)`` translates a whole sentence; placeholders are named (``{code}``) and filled in
  after translation with ``str.format``, so a translator can move them.
* ``ngettext(singular, plural, n)`` chooses the form for ``n`` (German and English both have
  two forms, but a catalogue decides, not the code).
* ``N_(msg)`` only marks a text for the catalogue (a table of names kept in English and
  translated where it is shown); ``lazy_gettext(msg)`` is a text translated each time it is
  turned into a string (texts built at import time, before the language is chosen).
* ``set_language(code)`` / ``current_language()`` — ``"en"`` or ``"de"``; ``with
  speaking(code):`` speaks ``code`` in its block, for its own thread or asyncio task only
  (the process's language stays the others');
  ``choose_language(flag, environ)`` is the rule of the command line: its language flag, then
  ``TURING_LANG``, then the locale (gettext's ``LANGUAGE`` list unless the locale is C,
  then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first one set decides; German when it
  starts with ``de``), then English. A bad flag is refused; a
  bad ``TURING_LANG`` is passed over for English (``unusable_turing_lang`` says so).
* ``yes_or_no(answer)`` reads the answer to a yes/no question, the same words in both
  languages (``y``, ``yes``, ``j``, ``ja`` / ``n``, ``no``, ``nein``).
* ``format_number(n)`` writes a number for reading (``1,033,950`` / ``1.033.950``).

The library may translate (a :class:`~turing.core.errors.TuringError` says what is wrong in
the reader's language); it still never prints. JSON, transcripts and save files stay in
the language-neutral form.

Maintaining the catalogue (Babel is in the ``dev`` extra)::

    python -m turing.i18n update   # extract every marked text, merge into the .po, compile
    python -m turing.i18n check    # report missing, stale and fuzzy German texts
    python -m turing.i18n compile  # only compile the .po into the .mo

Texts are found by Babel's Python extractor (``_``, ``N_``, ``ngettext``, ``lazy_gettext``)
and, for the command line, the help of every click command and option (docstrings,
``help=`` texts and ``metavar=`` placeholders) by :func:`extract_python_and_help`, so help
texts need no marking.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import inspect
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from turing.errors import TuringError

DOMAIN = "turing"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES: tuple[str, ...] = ("en", "de")
DEFAULT_LANGUAGE = "en"

#: the language of the process (:func:`set_language`), spoken wherever no block says otherwise
_language = DEFAULT_LANGUAGE
#: the language a :func:`speaking` block says, for its own thread or asyncio task only (None:
#: the process's); a new thread starts with none
_spoken: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "turing_language", default=None
)


class LanguageError(TuringError):
    """A language name turing does not speak; said in the language in use when it is read
    (the one a refusal of the command line is written in)."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return _("unknown language {name!r}: choose one of {choices}").format(
            name=self.name, choices=", ".join(LANGUAGES)
        )


@functools.cache
def _load(code: str) -> _gettext.NullTranslations:
    if code == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])


def normalise_language(name: str) -> str:
    """``"de"``, ``"DE"``, ``"de_DE.UTF-8"``, ``"de-AT"`` → ``"de"``; unknown → error.

    >>> normalise_language("de_DE.UTF-8")
    'de'
    """
    if not isinstance(name, str):  # a language is named by text: None names none
        raise LanguageError(name)
    base = name.strip().lower().replace("-", "_").split(".")[0].split("@")[0].split("_")[0]
    if base not in LANGUAGES:
        raise LanguageError(name)
    return base


def set_language(code: str) -> None:
    """Speak ``code`` (``"en"`` or ``"de"``) from now on: the language of the process, and
    of the :func:`speaking` block this is called in, if any, until that block ends."""
    global _language
    language = normalise_language(code)
    _load(language)
    _language = language
    if _spoken.get() is not None:
        _spoken.set(language)


@contextlib.contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block, then the language spoken before: the texts of a
    JSON record are written in English whatever the language in use. The block's language
    is its thread's or asyncio task's own: another one speaking at the same time keeps
    its language."""
    language = normalise_language(code)
    _load(language)
    token = _spoken.set(language)
    try:
        yield
    finally:
        _spoken.reset(token)


def current_language() -> str:
    """The language in use: ``"en"`` or ``"de"``."""
    return _spoken.get() or _language


def _translations() -> _gettext.NullTranslations:
    """The catalogue of the language in use."""
    return _load(_spoken.get() or _language)


def locale_language(environ: Mapping[str, str]) -> str:
    """The language the POSIX locale asks for, read as GNU gettext reads it.

    The first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set is the locale. Unless the
    locale is C or POSIX (or none is set, which is the C locale too), ``LANGUAGE`` comes
    first: a priority list such as ``de:en``, whose first entry turing speaks decides.
    Otherwise German if the locale starts with ``de``, else English.

    >>> locale_language({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"})
    'de'
    >>> locale_language({"LANGUAGE": "de", "LC_ALL": "C"})
    'en'
    """
    locale = next(
        (environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), ""
    )
    if locale.split(".")[0] not in ("", "C", "POSIX"):
        for entry in environ.get("LANGUAGE", "").split(":"):
            if entry.strip():
                with contextlib.suppress(LanguageError):
                    return normalise_language(entry)
        # no entry turing speaks: the locale decides
    return "de" if locale.lower().startswith("de") else DEFAULT_LANGUAGE


def choose_language(flag: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``flag`` (the command line's choice) if given, else ``TURING_LANG``, else the locale,
    else English.

    A bad ``flag`` raises :class:`LanguageError` (said, not guessed). A bad ``TURING_LANG``,
    set once for a whole shell, stops no command: it is passed over for the locale, and
    :func:`unusable_turing_lang` says why.

    >>> choose_language(None, {"LANG": "de_DE.UTF-8"})
    'de'
    >>> choose_language("en", {"TURING_LANG": "de"})
    'en'
    >>> choose_language(None, {"TURING_LANG": "fr", "LANG": "de_DE.UTF-8"})
    'de'
    """
    env = os.environ if environ is None else environ
    if flag:
        return normalise_language(flag)
    chosen = env.get("TURING_LANG", "")
    if chosen:
        try:
            return normalise_language(chosen)
        except LanguageError:
            pass
    return locale_language(env)


def unusable_turing_lang(environ: Mapping[str, str] | None = None) -> str | None:
    """What is wrong with ``TURING_LANG`` when it names no language turing speaks (it is
    passed over for the locale), in the language in use; None when it is unset or usable.

    >>> unusable_turing_lang({"TURING_LANG": "de"}) is None
    True
    >>> print(unusable_turing_lang({"TURING_LANG": "fr"}))
    TURING_LANG='fr' is not one of en, de: passed over for the locale
    """
    env = os.environ if environ is None else environ
    chosen = env.get("TURING_LANG", "")
    if not chosen:
        return None
    try:
        normalise_language(chosen)
    except LanguageError:
        return _("TURING_LANG={name!r} is not one of {choices}: passed over for the locale").format(
            name=chosen, choices=", ".join(LANGUAGES)
        )
    return None


#: The answers to a yes/no question: both languages' words and their first letters, always
#: understood whichever language is in use (``j`` in English, ``y`` in German).
YES_WORDS: frozenset[str] = frozenset({"y", "yes", "j", "ja"})
NO_WORDS: frozenset[str] = frozenset({"n", "no", "nein"})


def yes_or_no(answer: str) -> bool | None:
    """True for a yes, False for a no, None for any other answer (a blank one too).

    >>> yes_or_no(" J "), yes_or_no("n"), yes_or_no("vielleicht")
    (True, False, None)
    """
    word = answer.strip().lower()
    if word in YES_WORDS:
        return True
    if word in NO_WORDS:
        return False
    return None


def asked_yes_or_no(
    ask: Callable[[str], str], say: Callable[[str], None], question: str
) -> bool | None:
    """The answer to ``question``, read through ``ask``, as :func:`yes_or_no` takes it; an
    answer that is neither (and not blank) is asked once more after ``say`` tells what is
    wanted (:data:`YES_OR_NO_AGAIN`). None: blank, or neither twice (the caller's default). What
    ``ask`` raises (the end of the input, Ctrl-C) is the caller's."""
    answer = ask(question)
    said = yes_or_no(answer)
    if said is None and answer.strip():
        say(_(YES_OR_NO_AGAIN))
        said = yes_or_no(ask(question))
    return said


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _translations().gettext(message)


def gettext(message: str) -> str:
    """The same as :func:`_` (for ``from turing.i18n import gettext``)."""
    return _translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for ``n`` things, in the language in use."""
    return _translations().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (yet)."""
    return message


#: What a yes/no question says to an answer that is neither, before asking once more.
YES_OR_NO_AGAIN: str = N_("Please type y (yes) or n (no).")


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (one English word, two German ones)."""
    return _translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form of a sentence for ``n`` things, translated in ``context`` (as
    :func:`pgettext`: one English form, two German ones)."""
    return _translations().npgettext(context, singular, plural, n)


class LazyString:
    """A text translated each time it is read (:func:`lazy_gettext`)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __str__(self) -> str:
        return _(self.message)

    def __repr__(self) -> str:
        return f"lazy_gettext({self.message!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __len__(self) -> int:
        return len(str(self))

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyString):
            return self.message == other.message
        return str(self) == other

    def __hash__(self) -> int:
        return hash(self.message)

    def __mod__(self, values: Any) -> str:
        text: str = str(self) % values
        return text

    def format(self, *args: Any, **kwargs: Any) -> str:
        return str(self).format(*args, **kwargs)


def lazy_gettext(message: str) -> LazyString:
    """``message``, translated whenever it is turned into a string."""
    return LazyString(message)


def translate_help(text: str | None) -> str | None:
    """A click help text in the language in use (the catalogue holds it cleaned up the way
    :func:`inspect.cleandoc` does, which is how click lays it out)."""
    if not text:
        return text
    source = inspect.cleandoc(text)
    translated = _(source)
    return text if translated == source else translated


_GERMAN_SEPARATORS = str.maketrans(",.", ".,")


def format_number(n: float, decimals: int | None = None) -> str:
    """``n`` written for reading in the language in use: digits grouped in thousands
    (``1,033,950`` / ``1.033.950``), decimals with a point / a comma.

    ``decimals`` is the number of places after the point (whole numbers by default for an
    ``int``, as Python writes it for a ``float``).

    >>> set_language("de"); format_number(1033950), format_number(2.5, 1)
    ('1.033.950', '2,5')
    >>> set_language("en"); format_number(1033950)
    '1,033,950'
    """
    text = f"{n:,}" if decimals is None else f"{n:,.{decimals}f}"
    if current_language() == "de":
        text = text.translate(_GERMAN_SEPARATORS)
    return text


def format_list(items: Sequence[str]) -> str:
    """``items`` joined as a sentence joins them: ``ann``, ``ann and bob``, ``ann, bob and
    cy`` (``ann, bob und cy``).

    >>> set_language("de"); format_list(["ann", "bob", "cy"])
    'ann, bob und cy'
    >>> set_language("en"); format_list(["ann", "bob"]), format_list(["ann"])
    ('ann and bob', 'ann')
    """
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def format_points(points: float) -> str:
    """A score for reading: a whole number without decimals, half a point (a drawn duel)
    with them, in the language in use.

    >>> set_language("de"); format_points(1.5), format_points(2.0)
    ('1,5', '2')
    >>> set_language("en"); format_points(0.5)
    '0.5'
    """
    if float(points).is_integer():
        return format_number(int(points))
    return format_number(points, 1)


def format_percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` (0.125) as a percentage for reading: ``12.5%`` / ``12,5 %``."""
    number = format_number(fraction * 100, decimals)
    return f"{number} %" if current_language() == "de" else f"{number}%"


# -- maintaining the catalogue (needs Babel, imported here only) -------------------------------

#: The keywords of click that :func:`extract_python_and_help` collects: help texts and a
#: parameter's placeholder (``metavar="FILE…"``).
_HELP_KEYWORDS = ("help", "short_help", "epilog", "metavar")
_CLICK_DECORATORS = ("command", "group")


def extract_python_and_help(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[Any]:
    """Babel extraction method: the marked texts of a Python file (Babel's own extractor),
    plus the help of its click commands and options: ``help=``/``short_help=`` texts,
    ``metavar=`` placeholders and the docstring of a function decorated with
    ``@….command`` or ``@….group``."""
    import ast

    from babel.messages.extract import extract_python

    yield from extract_python(fileobj, keywords, comment_tags, options)
    fileobj.seek(0)
    tree = ast.parse(fileobj.read())
    # help=NAME, where NAME is a text written once at the top of the module
    constants: dict[str, ast.Constant] = {}
    for statement in tree.body:
        target = value_node = None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value_node = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign):
            target, value_node = statement.target, statement.value
        if isinstance(target, ast.Name) and isinstance(value_node, ast.Constant):
            constants[target.id] = value_node
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg not in _HELP_KEYWORDS:
                    continue
                found = keyword.value
                if isinstance(found, ast.Name):
                    found = constants.get(found.id, found)
                if isinstance(found, ast.Constant):
                    value = found.value
                    if isinstance(value, str) and value.strip():
                        yield found.lineno, None, inspect.cleandoc(value), []
        elif isinstance(node, ast.FunctionDef) and _is_click_command(node):
            doc = ast.get_docstring(node, clean=False)
            if doc and doc.strip():
                doc = doc.split("\f", 1)[0]
                yield node.lineno, None, inspect.cleandoc(doc), []


def _is_click_command(node: Any) -> bool:
    import ast

    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr in _CLICK_DECORATORS:
            return True
        if isinstance(target, ast.Name) and target.id in _CLICK_DECORATORS:
            return True
    return False


KEYWORDS = {
    "_": None,
    "gettext": None,
    "N_": None,
    "lazy_gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
PACKAGE_DIR = Path(__file__).resolve().parent
PO_FILE = LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO_FILE = PO_FILE.with_suffix(".mo")


def extract_template() -> Any:
    """Every translatable text of the package, as a Babel catalogue (the ``.pot``)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="turing", domain=DOMAIN, charset="utf-8", fuzzy=False)
    method_map = [("**.py", "turing.i18n:extract_python_and_help")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE_DIR), method_map=method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        path = Path(filename)
        if path.parts and path.parts[0] == "locale":
            continue
        catalog.add(
            message,
            None,
            [(f"turing/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def read_po() -> Any:
    from babel.messages.pofile import read_po as _read_po

    with PO_FILE.open("rb") as handle:
        return _read_po(handle, locale="de", domain=DOMAIN)


def compiled_bytes(catalog: Any) -> bytes:
    """The ``.mo`` file of ``catalog`` (fuzzy entries left out, as gettext does)."""
    import io

    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _key(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def problems() -> dict[str, list[str]]:
    """What the German catalogue lacks: ``missing`` (extracted but untranslated or absent),
    ``fuzzy`` (marked for review), ``stale`` (no longer in the code), ``placeholders``
    (a German text whose ``{names}`` differ from the English one)."""
    import string

    template = extract_template()
    po = read_po()
    found: dict[str, list[str]] = {"missing": [], "fuzzy": [], "stale": [], "placeholders": []}
    wanted = {_key(message.id) for message in template if message.id}

    def names(text: str) -> set[str]:
        try:
            return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
        except ValueError:
            return {"<bad format>"}

    for message in template:
        if not message.id:
            continue
        key = _key(message.id)
        entry = po.get(message.id, context=message.context)
        if (
            entry is None
            or not entry.string
            or (isinstance(entry.string, tuple) and not all(entry.string))
        ):
            found["missing"].append(key)
            continue
        if entry.fuzzy:
            found["fuzzy"].append(key)
        source_forms = message.id if isinstance(message.id, tuple) else (message.id,)
        target_forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        source_names = set().union(*(names(s) for s in source_forms))
        for form in target_forms:
            if not names(form) <= source_names:
                found["placeholders"].append(key)
                break
    for entry in po:
        if not entry.id:
            continue
        key = _key(entry.id)
        if key not in wanted:
            found["stale"].append(key)
    return found


def update() -> None:
    """Extract, merge into the German ``.po`` (new texts empty, changed ones fuzzy, gone ones
    dropped) and compile the ``.mo``."""
    from babel.messages.pofile import write_po

    template = extract_template()
    if PO_FILE.exists():
        po = read_po()
        po.update(template, no_fuzzy_matching=False)
        po.obsolete.clear()
    else:
        from babel.messages.catalog import Catalog

        PO_FILE.parent.mkdir(parents=True, exist_ok=True)
        po = Catalog(locale="de", domain=DOMAIN, project="turing", charset="utf-8")
        po.update(template)
    po.language_team = "German"
    po.fuzzy = False
    with PO_FILE.open("wb") as handle:
        write_po(handle, po, width=100, ignore_obsolete=True)
    compile_mo()


def compile_mo() -> None:
    """Write the ``.mo`` from the ``.po``."""
    MO_FILE.write_bytes(compiled_bytes(read_po()))


def _main(argv: list[str]) -> int:
    out = sys.stdout
    if argv == ["update"]:
        update()
        counts = problems()
        out.write(", ".join(f"{len(v)} {k}" for k, v in counts.items()) + "\n")
        return 0
    if argv == ["compile"]:
        compile_mo()
        return 0
    if argv == ["check"]:
        counts = problems()
        for kind, keys in counts.items():
            for key in keys:
                out.write(f"{kind}: {key!r}\n")
        return 1 if any(counts.values()) else 0
    sys.stderr.write("usage: python -m turing.i18n update | compile | check\n")
    return 2


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
