"""The root of every error the library raises on purpose.

Each error says, in words a user can act on, what is wrong and where (a file, a line, a
verifier, a typed code). Front ends turn a :class:`TuringError` into a message and an exit
status; anything else that escapes is a programming error. It stays a :class:`ValueError`
so that callers who catch bad values keep working. It is defined below every layer
(:mod:`turing.errors`), so that the message catalogue's refusal of a language is one too.
"""

from __future__ import annotations

from turing.errors import TuringError

__all__ = ["TuringError"]
