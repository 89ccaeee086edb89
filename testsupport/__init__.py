"""Shared by the tests and the benchmarks, never shipped: generators of random input, an
independent oracle for the card language, and the benchmark harness.

Importable from a checkout installed with ``pip install -e .`` (the checkout's root is on
``sys.path``), so neither the tests nor the benchmarks touch ``sys.path`` themselves.
"""
