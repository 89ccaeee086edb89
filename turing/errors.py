"""The root of every error the library raises on purpose, below every layer (the message
catalogue's own refusal of a language is one): :mod:`turing.core.errors` is where the
library names it.

Each error says, in words a user can act on, what is wrong and where (a file, a line, a
verifier, a typed code). Front ends turn a :class:`TuringError` into a message and an exit
status; anything else that escapes is a programming error. It stays a :class:`ValueError`
so that callers who catch bad values keep working.
"""

from __future__ import annotations


class TuringError(ValueError):
    """Bad input or an impossible request, with a message meant for the user."""
