"""The Dask executor path, against a LocalCluster (skipped when the dask extra is missing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main
from turing.generation.generator import generate

distributed = pytest.importorskip("distributed")


def test_dask_executor_gives_the_same_puzzles() -> None:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        with distributed.Client(cluster) as client:
            executor = client.get_executor()
            via_dask = list(
                generate(
                    80, verifiers=5, difficulty="hard", mode="extreme", seed=4, executor=executor
                )
            )
    finally:
        cluster.close()
    local = list(generate(80, verifiers=5, difficulty="hard", mode="extreme", seed=4))
    assert [p.to_dict() for p in via_dask] == [p.to_dict() for p in local]


def test_cli_dask_executor_with_a_local_cluster(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    ref = tmp_path / "r.jsonl"
    args = [
        "generate",
        "--count",
        "50",
        "--verifiers",
        "6",
        "--difficulty",
        "hard",
        "--seed",
        "2",
        "-q",
    ]
    r = CliRunner().invoke(main, [*args, "--executor", "dask", "--jobs", "2", "-o", str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, [*args, "-o", str(ref)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == ref.read_text()


def test_scheduler_needs_dask() -> None:
    r = CliRunner().invoke(
        main, ["generate", "--count", "1", "-o", "-", "--scheduler", "tcp://127.0.0.1:1"]
    )
    assert r.exit_code == 2 and "--executor dask" in r.output


def test_cli_dask_scheduler_address(tmp_path: Path) -> None:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        out = tmp_path / "s.jsonl"
        ref = tmp_path / "r.jsonl"
        args = [
            "generate",
            "--count",
            "40",
            "--verifiers",
            "4",
            "--difficulty",
            "standard",
            "--mode",
            "nightmare",
            "--seed",
            "6",
            "-q",
        ]
        r = CliRunner().invoke(
            main,
            [*args, "--executor", "dask", "--scheduler", cluster.scheduler_address, "-o", str(out)],
        )
        assert r.exit_code == 0, r.output
        assert CliRunner().invoke(main, [*args, "-o", str(ref)]).exit_code == 0
        assert out.read_text() == ref.read_text()
    finally:
        cluster.close()
