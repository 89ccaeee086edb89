"""The code-breaking family: Superhirn, Logik, Master Collor and classic Mastermind.

- :mod:`.space` — the codes of a game; :mod:`.scoring` — black and white pins, numpy tables;
- :mod:`.presets` — the games as data, and how codes are typed;
- :mod:`.commands` — the prompts' command words, and a mistyped command told from a code;
- :mod:`.engine` — candidates, partitions and symmetry for strategies;
- :mod:`.strategies` — the computer's codebreakers; :mod:`.simulate` — whole-space runs;
- :mod:`.feedback_check` — catching false feedback; :mod:`.match` — match rules;
- :mod:`.cli` — ``turing mastermind``, a thin client over all of the above.
"""

from turing.mastermind.engine import Engine
from turing.mastermind.match import Duel, Match, Seat
from turing.mastermind.presets import PRESETS, Preset, get_preset
from turing.mastermind.scoring import Feedback, FeedbackTable, feedback
from turing.mastermind.simulate import simulate
from turing.mastermind.space import CodeSpace
from turing.mastermind.strategies import STRATEGIES, Strategy, make_strategy

__all__ = [
    "PRESETS",
    "STRATEGIES",
    "CodeSpace",
    "Duel",
    "Engine",
    "Feedback",
    "FeedbackTable",
    "Match",
    "Preset",
    "Seat",
    "Strategy",
    "feedback",
    "get_preset",
    "make_strategy",
    "simulate",
]
