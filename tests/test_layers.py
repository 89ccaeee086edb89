"""The package's shape: imports point one way between layers, no module imports itself
back through others, and only the front ends talk to a person.

Layers (see docs/architecture.md)::

    cli, ui  →  play  →  generation  →  analysis  →  core
                authoring  →  core
                mastermind →  core

A module may import its own layer and the layers its arrow reaches; ``cli`` and ``ui`` may
import anything. Every import counts, those inside functions included; an import under
``if TYPE_CHECKING:`` (for the type checker only) counts for the layers but makes no
cycle. The checker works on a mapping of module name → source text, so the tests below
also show it catching a cycle and a layer break written on purpose.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import turing

PACKAGE = Path(turing.__file__).resolve().parent
ROOT_NAME = "turing"

#: Each layer and the layers it may import (its own always allowed).
ALLOWED: Mapping[str, frozenset[str]] = {
    # the root of the errors (turing.errors) sits below everything, and i18n (the message
    # catalogue) below every layer: any of them may translate
    "errors": frozenset(),
    "i18n": frozenset({"errors"}),
    "core": frozenset({"i18n", "errors"}),
    "analysis": frozenset({"core", "i18n", "errors"}),
    "generation": frozenset({"analysis", "core", "i18n", "errors"}),
    "play": frozenset({"generation", "analysis", "core", "i18n", "errors"}),
    "authoring": frozenset({"core", "i18n", "errors"}),
    "mastermind": frozenset({"core", "i18n", "errors"}),
}
#: Front ends: they may import every layer (and each other).
FRONT_ENDS = frozenset({"cli", "ui"})
#: What only a front end may import.
TERMINAL_LIBRARIES = frozenset({"click", "rich", "prompt_toolkit", "textual"})
#: What only a front end may call.
TERMINAL_CALLS = frozenset({"print", "input"})
#: A command-line flag named in a string: ``--count``, ``--show-solution``.
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*\b")


@dataclass(frozen=True, order=True)
class Import:
    """One import statement's target inside the package, with where it is written."""

    source: str
    target: str
    line: int


# -- reading the package ----------------------------------------------------------------------


def package_sources(folder: Path = PACKAGE, name: str = ROOT_NAME) -> dict[str, str]:
    """Module name → source for every module of the package (``pkg`` for ``pkg/__init__``)."""
    sources: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        sources[".".join([name, *parts])] = path.read_text(encoding="utf-8")
    return sources


def is_package(module: str, sources: Mapping[str, str]) -> bool:
    prefix = module + "."
    return any(other.startswith(prefix) for other in sources)


def _resolve_relative(module: str, level: int, target: str | None, package: bool) -> str:
    """``from ..x import y`` in ``module`` → the absolute name of ``..x``."""
    parts = module.split(".")
    if not package:
        parts = parts[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join([*parts, target] if target else parts)


def _known(name: str, sources: Mapping[str, str]) -> str | None:
    """The module of the package ``name`` points into: itself or its nearest parent."""
    while name:
        if name in sources:
            return name
        name = name.rpartition(".")[0]
    return None


def _type_only(tree: ast.AST) -> set[int]:
    """ids of the nodes under ``if TYPE_CHECKING:``: imports for the type checker only."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", "")
            if name == "TYPE_CHECKING":
                for statement in node.body:
                    found.update(id(child) for child in ast.walk(statement))
    return found


def imported_names(
    module: str, source: str, package: bool, type_only: bool = True
) -> Iterator[tuple[str, int]]:
    """Every name an import in ``source`` reaches (absolute, dotted), with its line: for
    ``from a import b`` both ``a.b`` (b may be a module) and ``a``. ``type_only`` False
    leaves out the imports under ``if TYPE_CHECKING:``."""
    tree = ast.parse(source, filename=module)
    skip = set() if type_only else _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = (
                _resolve_relative(module, node.level, node.module, package)
                if node.level
                else node.module or ""
            )
            for alias in node.names:
                yield f"{base}.{alias.name}", node.lineno
            yield base, node.lineno
        elif _is_dynamic_import(node):
            assert isinstance(node, ast.Call)
            yield node.args[0].value, node.lineno  # type: ignore[attr-defined]


def _is_dynamic_import(node: ast.AST) -> bool:
    """``importlib.import_module("turing.x")`` or ``__import__("turing.x")``: an import
    by name is an import all the same."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    first = node.args[0]
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in ("import_module", "__import__")


def imports(sources: Mapping[str, str], type_only: bool = True) -> list[Import]:
    """Every import from a module of the package to another one of it (``type_only``
    False: those that run, leaving out the imports under ``if TYPE_CHECKING:``)."""
    found: set[Import] = set()
    for module, source in sources.items():
        package = is_package(module, sources)
        for name, line in imported_names(module, source, package, type_only):
            if not name.startswith(ROOT_NAME):
                continue
            target = _known(name, sources)
            if target is not None and target != module:
                # ``from turing.core import codes`` reaches ``turing.core.codes``; the
                # package ``turing.core`` itself is reached only when nothing deeper is.
                found.add(Import(module, target, line))
    # Drop a package reached only as the stem of a deeper import on the same line.
    deeper = {(i.source, i.line, i.target.rpartition(".")[0]) for i in found}
    return sorted(i for i in found if (i.source, i.line, i.target) not in deeper)


def graph(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """Module → the modules it imports when it runs (inside functions included)."""
    edges: dict[str, set[str]] = {module: set() for module in sources}
    for edge in imports(sources, type_only=False):
        edges[edge.source].add(edge.target)
    return edges


# -- the rules --------------------------------------------------------------------------------


def cycles(sources: Mapping[str, str]) -> list[list[str]]:
    """Groups of modules that import each other, directly or through others (Tarjan)."""
    edges = graph(sources)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def layer(module: str) -> str:
    """The layer of a module: the package under ``turing`` (the top modules are front
    ends: ``turing/__main__`` runs the command line)."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] == "__main__":
        return "cli"
    return parts[1]


def is_front_end(module: str) -> bool:
    return layer(module) in FRONT_ENDS


def layer_breaks(sources: Mapping[str, str]) -> list[str]:
    """Imports that point against the layers, as ``module:line: imports target``."""
    breaks: list[str] = []
    for edge in imports(sources):
        here, there = layer(edge.source), layer(edge.target)
        if here in FRONT_ENDS or here == there or edge.target == ROOT_NAME:
            continue
        allowed = ALLOWED.get(here)
        if allowed is None or there not in allowed:
            breaks.append(f"{edge.source}:{edge.line}: {here} imports {edge.target} ({there})")
    return breaks


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                ids.add(id(body[0].value))
    return ids


def terminal_use(sources: Mapping[str, str]) -> list[str]:
    """Library modules that import a terminal library or print or prompt."""
    found: list[str] = []
    for module, source in sources.items():
        if is_front_end(module):
            continue
        package = is_package(module, sources)
        for name, line in imported_names(module, source, package):
            if name.split(".")[0] in TERMINAL_LIBRARIES:
                found.append(f"{module}:{line}: imports {name.split('.')[0]}")
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in TERMINAL_CALLS
            ):
                found.append(f"{module}:{node.lineno}: calls {node.func.id}()")
    return sorted(set(found))


def flag_mentions(sources: Mapping[str, str]) -> list[str]:
    """String literals of library modules (docstrings aside) that name a command-line flag."""
    found: list[str] = []
    for module, source in sources.items():
        if is_front_end(module):
            continue
        tree = ast.parse(source)
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in skip
            ):
                for match in FLAG.finditer(node.value):
                    found.append(f"{module}:{node.lineno}: names {match.group()}")
    return found


# -- the real package -------------------------------------------------------------------------

SOURCES = package_sources()


def test_the_package_is_read_whole() -> None:
    layers = {layer(m) for m in SOURCES}
    assert {"core", "analysis", "generation", "authoring", "play", "mastermind", "cli"} <= layers
    assert "turing.core.codes" in SOURCES and "turing.cli.main" in SOURCES
    unknown = layers - set(ALLOWED) - FRONT_ENDS
    assert not unknown, f"a package with no place in the layers: {sorted(unknown)}"
    assert imports(SOURCES), "no import found: the walk is broken"


def test_no_import_cycles() -> None:
    assert cycles(SOURCES) == []


def test_imports_follow_the_layers() -> None:
    assert layer_breaks(SOURCES) == []


def test_the_library_neither_prints_nor_prompts_nor_imports_a_terminal_library() -> None:
    assert terminal_use(SOURCES) == []


def test_library_messages_name_no_command_line_flag() -> None:
    assert flag_mentions(SOURCES) == []


# -- the checker catches what it should -------------------------------------------------------


def test_an_added_cycle_is_caught_even_inside_a_function() -> None:
    sources = {
        "turing": "",
        "turing.core": "",
        "turing.core.a": "from turing.core import b\n",
        "turing.core.b": "def later() -> None:\n    from . import c\n",
        "turing.core.c": "import turing.core.a as again\n",
        "turing.core.d": "from turing.core.a import thing\n",
    }
    assert cycles(sources) == [["turing.core.a", "turing.core.b", "turing.core.c"]]
    del sources["turing.core.c"]
    assert cycles(sources) == []


def test_a_type_only_import_makes_no_cycle_but_may_break_a_layer() -> None:
    sources = {
        "turing": "",
        "turing.core.a": "def f() -> None:\n    from turing.core import b\n",
        "turing.core.b": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n"
            "    from turing.core.a import A\n"
            "    from turing.play.game import Game\n"
        ),
        "turing.play.game": "",
    }
    assert cycles(sources) == []
    assert layer_breaks(sources) == ["turing.core.b:4: core imports turing.play.game (play)"]


def test_an_added_cycle_in_the_real_package_is_caught() -> None:
    sources = dict(SOURCES)
    sources["turing.core.codes"] += "\n\ndef _late() -> None:\n    from turing.core import puzzle\n"
    found = cycles(sources)
    assert any({"turing.core.codes", "turing.core.puzzle"} <= set(group) for group in found)


def test_an_added_layer_break_is_caught() -> None:
    sources = dict(SOURCES)
    sources["turing.core.solver"] += "\n\ndef _late() -> None:\n    from ..play import game\n"
    sources["turing.mastermind.engine"] += "\nfrom turing.analysis.search import analyze\n"
    breaks = layer_breaks(sources)
    assert len(breaks) == 2
    assert breaks[0].startswith("turing.core.solver:") and "turing.play.game (play)" in breaks[0]
    assert "turing.analysis.search (analysis)" in breaks[1]


def test_an_import_by_name_counts() -> None:
    sources = {
        "turing": "",
        "turing.play.bots": "",
        "turing.analysis.search": (
            "import importlib\n"
            "def bots() -> object:\n"
            "    return importlib.import_module('turing.play.bots')\n"
        ),
    }
    assert layer_breaks(sources) == [
        "turing.analysis.search:3: analysis imports turing.play.bots (play)"
    ]


def test_relative_imports_are_resolved() -> None:
    sources = {
        "turing": "",
        "turing.generation": "",
        "turing.generation.metrics": "from ..analysis.search import analyze\nfrom . import bank\n",
        "turing.generation.bank": "",
        "turing.analysis": "from .search import x\n",
        "turing.analysis.search": "",
    }
    assert [(i.source, i.target) for i in imports(sources)] == [
        ("turing.analysis", "turing.analysis.search"),
        ("turing.generation.metrics", "turing.analysis.search"),
        ("turing.generation.metrics", "turing.generation.bank"),
    ]


def test_terminal_use_and_flags_in_the_library_are_caught() -> None:
    sources = {
        "turing": "",
        "turing.core.x": (
            '"""Docstrings may say --count."""\n'
            "import rich.console\n"
            "def f(n: int) -> None:\n"
            "    from click import echo\n"
            "    print(n)\n"
            "    raise ValueError(f'--count must be 0 or more, not {n}')\n"
        ),
        "turing.cli.y": "import click\nprint('--count')\n",
    }
    assert terminal_use(sources) == [
        "turing.core.x:2: imports rich",
        "turing.core.x:4: imports click",
        "turing.core.x:5: calls print()",
    ]
    assert flag_mentions(sources) == ["turing.core.x:6: names --count"]
