"""turing: deduction puzzles in the style of Turing Machine, and the Mastermind family."""

__version__ = "0.1.0"
