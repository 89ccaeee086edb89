"""Start-up time of the ``turing`` command against a bare ``python -c pass``, in one run.

Each command runs as a fresh process; the commands take turns (interleaved) and each
figure is the median of ``--repeat`` runs (at least 7), so a busy machine slows them alike.
Besides the figures, the ratio to ``python -c pass`` and, for ``turing --help``, to the
same help with every command imported up front (what loading commands on first use saves).
``turing solve`` runs twice: as a user runs it again (its card set from the parse cache,
written by the warm-up run) and with the parse cache switched off (``TURING_CACHE_DIR=``,
every start parses ``cards/classic.yaml``).

Targets: ``turing --help`` within 0.15 s and ``turing solve FILE`` (one puzzle) within
0.3 s. By default the children may write and use bytecode caches, as an installed package
does; ``--no-bytecode-cache`` keeps ``PYTHONDONTWRITEBYTECODE`` as the environment sets it.

    python benchmarks/startup.py [--repeat 9] [--no-bytecode-cache]
"""

from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

from testsupport.bench import median, timing

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = str(ROOT / "puzzles" / "sample.yaml")

#: ``turing --help`` as it was when every command was imported at start.
EAGER_HELP = (
    "import importlib\n"
    "from turing.cli.main import COMMANDS, main\n"
    "for entry in COMMANDS.values():\n"
    "    importlib.import_module(entry.target.partition(':')[0])\n"
    "main(['--help'], prog_name='turing')\n"
)

TARGETS = {"turing --help": 0.15, "turing solve puzzles/sample.yaml": 0.3}


#: Runs that change the environment: the parse cache switched off.
NO_CACHE = {"TURING_CACHE_DIR": ""}


def command(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs of each command (≥ 7)")
    parser.add_argument(
        "--no-bytecode-cache",
        action="store_true",
        help="keep PYTHONDONTWRITEBYTECODE as set (every start compiles the sources)",
    )
    args = parser.parse_args()
    repeat = max(args.repeat, 7)
    env = dict(os.environ)
    if not args.no_bytecode_cache:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    script = shutil.which("turing")
    turing = [script] if script else [sys.executable, "-m", "turing"]
    py = sys.executable
    runs = {
        "python -c pass": [py, "-c", "pass"],
        "turing --help": [*turing, "--help"],
        "python -m turing --help": [py, "-m", "turing", "--help"],
        "turing solve puzzles/sample.yaml": [*turing, "solve", SAMPLE],
        "turing solve …, no parse cache": [*turing, "solve", SAMPLE],
        "turing solve --json puzzles/sample.yaml": [*turing, "solve", "--json", SAMPLE],
        "turing --help, every command imported": [py, "-c", EAGER_HELP],
    }
    envs = {label: env for label in runs}
    envs["turing solve …, no parse cache"] = {**env, **NO_CACHE}
    for label, argv in runs.items():  # warm-up: caches written, files in the page cache
        done = command(argv, envs[label])
        if done.returncode not in (0, 1):
            sys.exit(f"{label} failed ({done.returncode}): {done.stderr.decode()[-500:]}")

    walls: dict[str, list[float]] = {label: [] for label in runs}
    cpus: dict[str, list[float]] = {label: [] for label in runs}
    for _ in range(repeat):  # interleaved: a disturbance hits every command alike
        for label, argv in runs.items():
            took = timing(functools.partial(command, argv, envs[label]))
            walls[label].append(took.wall)
            cpus[label].append(took.cpu)
    wall = {label: median(values) for label, values in walls.items()}
    cpu = {label: median(values) for label, values in cpus.items()}
    base, base_cpu = wall["python -c pass"], cpu["python -c pass"]
    cache = "no bytecode cache" if args.no_bytecode_cache else "bytecode cache"
    print(f"start-up, median of {repeat} interleaved runs each ({cache}; {sys.executable})")
    print(f"  {'':<40} {'wall':>7}    {'× pass':>6}   {'CPU':>7}    {'× pass':>6}")
    for label in runs:
        target = TARGETS.get(label)
        verdict = ""
        if target is not None:
            verdict = (
                f"  target ≤ {target:.2f} s wall: {'met' if wall[label] <= target else 'NOT met'}"
            )
        print(
            f"  {label:<40} {wall[label]:7.3f} s  ×{wall[label] / base:5.2f}  "
            f"{cpu[label]:7.3f} s  ×{cpu[label] / base_cpu:5.2f}{verdict}"
        )
    eager, lazy = wall["turing --help, every command imported"], wall["turing --help"]
    print(
        f"  loading commands on first use: turing --help ×{eager / lazy:.2f} faster than with "
        "every command imported"
    )
    print(
        "  CPU is user + system time of the command's process: on a busy machine it is the "
        "steadier figure"
    )


if __name__ == "__main__":
    main()
