"""Collection for the doctest run over the package (``pytest --doctest-modules turing``):
the module of an extra that is not installed is left out, as its tests skip."""

from __future__ import annotations

import importlib.util

collect_ignore = [] if importlib.util.find_spec("numba") else ["turing/analysis/kernel.py"]
