"""Where a command may write, and how: every kind of output path.

A regular file or a new path is written atomically with the mode the umask gives; a
device, a FIFO, ``/dev/stdout`` and links to them are written in place and stay what they
were; a folder, a missing folder or a path without permission is one line and exit status 2
before any work. Device nodes are made in a temporary folder (never the real /dev/null).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import PUZZLES, run
from turing.core.files import (
    WriteTargetError,
    open_text_output,
    write_target,
    write_text,
)

SAMPLE = str(PUZZLES / "sample.yaml")


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def make_null_device(folder: Path) -> Path:
    """A character device like /dev/null (1, 3) inside ``folder``; skips when not allowed."""
    node = folder / "null"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    return node


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def turing_process(
    *args: str, stdout: Any = subprocess.PIPE, stderr: Any = subprocess.PIPE, cwd: str = "/"
) -> subprocess.CompletedProcess[bytes]:
    """``turing ARGS…`` as its own process (for paths that name its descriptors)."""
    return subprocess.run(
        [sys.executable, "-m", "turing", *args],
        stdout=stdout,
        stderr=stderr,
        cwd=cwd,
        check=False,
        timeout=120,
    )


# -- regular files ---------------------------------------------------------------------------


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_file_gets_the_mode_of_the_umask(tmp_path: Path, mask: int, mode: int) -> None:
    out = tmp_path / "puzzles.jsonl"
    with umask(mask):
        result = run(["generate", "--count", "2", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(out.stat().st_mode) == mode
    assert len(out.read_text().splitlines()) == 2
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("mask", [0o022, 0o077])
def test_existing_file_is_replaced_whole_and_keeps_its_mode(tmp_path: Path, mask: int) -> None:
    out = tmp_path / "booklet.md"
    out.write_text("<!-- turing booklet -->\nold booklet\n")
    out.chmod(0o640)
    before = out.stat().st_ino
    with umask(mask):
        result = run(["export", SAMPLE, "--format", "markdown", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "old booklet" not in text and text.startswith("<!-- turing booklet -->\n#")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert out.stat().st_ino != before  # renamed into place, not rewritten in place
    assert leftovers(tmp_path) == []
    assert "wrote 1 puzzle to" in result.stderr


def test_link_to_a_file_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text(  # an earlier run's
        '{"id": "old", "mode": "classic", "cards": [4, 9, 11, 14], "difficulty": "easy", '
        '"verifiers": 4}\n'
    )
    link = tmp_path / "link.jsonl"
    link.symlink_to(real.name)
    result = run(["generate", "--count", "3", "-o", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert len(real.read_text().splitlines()) == 3
    assert leftovers(tmp_path) == []


def test_interrupted_write_leaves_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "keep.txt"
    out.write_text("complete old content\n")
    with pytest.raises(KeyboardInterrupt), open_text_output(out) as handle:
        handle.write("half of the new")
        raise KeyboardInterrupt
    assert out.read_text() == "complete old content\n"
    assert leftovers(tmp_path) == []


# -- devices, FIFOs, descriptors -------------------------------------------------------------


def test_device_node_is_written_not_replaced(tmp_path: Path) -> None:
    node = make_null_device(tmp_path)
    result = run(["generate", "--count", "30", "-o", str(node)])
    assert result.exit_code == 0, result.output
    info = node.stat()
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3)
    assert leftovers(tmp_path) == []


def test_link_to_a_device_stays_a_link_to_the_device(tmp_path: Path) -> None:
    node = make_null_device(tmp_path)
    link = tmp_path / "out"
    link.symlink_to(node)
    result = run(["export", SAMPLE, "-o", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(node)
    assert stat.S_ISCHR(node.stat().st_mode)


def test_fifo_is_written_in_place_for_its_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    thread = threading.Thread(target=reader)
    thread.start()
    result = run(["generate", "--count", "4", "-o", str(fifo)])
    thread.join(timeout=60)
    assert result.exit_code == 0, result.output
    assert len(received[0].decode().splitlines()) == 4
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert leftovers(tmp_path) == []


def test_dev_stdout_into_a_file_of_the_shell(tmp_path: Path) -> None:
    out = tmp_path / "shell-made.jsonl"
    with open(out, "wb") as stdout:
        done = turing_process("generate", "--count", "3", "-o", "/dev/stdout", stdout=stdout)
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["shell-made.jsonl"]


def test_dev_stdout_into_a_pipe() -> None:
    done = turing_process("generate", "--count", "3", "-o", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 3
    assert b"Traceback" not in done.stderr


def test_dev_stdout_onto_a_device_leaves_the_device(tmp_path: Path) -> None:
    node = make_null_device(tmp_path)
    with open(node, "wb") as stdout:
        done = turing_process("export", SAMPLE, "-o", "/dev/stdout", stdout=stdout)
    assert done.returncode == 0
    assert stat.S_ISCHR(node.stat().st_mode)
    assert Path("/dev/stdout").is_symlink()


def test_dash_writes_standard_output() -> None:
    result = run(["generate", "--count", "2", "-o", "-", "--quiet"])
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr == ""


# -- refused before any work ------------------------------------------------------------------


def refused_before_work(tmp_path: Path, target: str, reason: str) -> None:
    bank = tmp_path / "bank.db"
    result = run(["generate", "--count", "5", "--bank", str(bank), "-o", target])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot write"), result.stderr
    assert reason in lines[0]
    assert not bank.exists()  # no work started


def test_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    refused_before_work(tmp_path, str(tmp_path / "folder"), "is a folder")


def test_a_path_ending_in_a_slash_is_refused(tmp_path: Path) -> None:
    """``out/`` names a folder: no file ``out`` is written in its place."""
    refused_before_work(tmp_path, str(tmp_path / "out") + "/", "names a folder")
    assert not (tmp_path / "out").exists()


def test_missing_parent_is_refused(tmp_path: Path) -> None:
    refused_before_work(tmp_path, str(tmp_path / "missing" / "x.jsonl"), "does not exist")


def test_parent_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("")
    refused_before_work(tmp_path, str(tmp_path / "plain" / "x.jsonl"), "not a folder")


def test_export_into_a_missing_folder(tmp_path: Path) -> None:
    result = run(["export", SAMPLE, "-o", str(tmp_path / "missing" / "dir" / "x.md")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write") and "Traceback" not in result.output
    assert len(result.stderr.splitlines()) == 1


def test_bank_export_checks_its_output_first(tmp_path: Path) -> None:
    result = run(["bank", "export", str(tmp_path / "none.db"), "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert "is a folder" in result.stderr


def unwritable_cases(folder: Path) -> None:
    locked = folder / "locked"
    locked.mkdir()
    readonly = folder / "readonly.jsonl"
    readonly.write_text("keep\n")
    readonly.chmod(0o444)
    locked.chmod(0o555)
    try:
        refused_before_work(folder, str(locked / "x.jsonl"), "no permission")
        refused_before_work(folder, str(readonly), "read-only")
        assert readonly.read_text() == "keep\n"
    finally:
        locked.chmod(0o755)


def test_unwritable_folder_and_file_are_refused() -> None:
    """As an ordinary user; run as root, a forked child gives up root first."""
    folder = Path(tempfile.mkdtemp(prefix="turing-perm-"))
    folder.chmod(0o777)
    try:
        if os.geteuid() != 0:
            unwritable_cases(folder)
            return
        # The child cannot read the installed packages once it is not root: load the
        # command (and what it imports) first.
        assert run(["generate", "--help"]).exit_code == 0
        pid = os.fork()
        if pid == 0:  # the child: no root from here on
            code = 1
            try:
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
                unwritable_cases(folder)
                code = 0
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_full_disk_is_one_line(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    result = run(["generate", "--count", "3", "-o", "/dev/full"])
    assert result.exit_code == 2
    assert result.stderr == "error: /dev/full: No space left on device\n"


FULL = "error: standard output: No space left on device\n"
VOLL = "Fehler: Standardausgabe: Kein Platz mehr auf dem Gerät\n"


@pytest.mark.parametrize("buffered", [True, False])
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["solve", SAMPLE], FULL),
        (["solve", SAMPLE, "--json", "--lang", "de"], VOLL),
        (["check", SAMPLE], FULL),  # ends with its own status
        (["generate", "--count", "40", "-o", "-"], FULL),
        (["generate", "--count", "3", "-o", "puzzles.jsonl", "--json"], FULL),
        (["--help"], FULL),  # the group's own, outside any command
        (["--version"], FULL),
    ],
)  # fmt: skip
def test_a_full_standard_output_is_named(
    args: list[str], said: str, buffered: bool, tmp_path: Path
) -> None:
    """Standard output on a full disk: the one line says it is standard output, not a file
    the command also writes, whether Python buffers it (as it does for people) or not (as
    PYTHONUNBUFFERED asks); nothing is left over for Python's flush at exit."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    hidden = ("TURING_LANG", "TURING_DEBUG", "PYTHONUNBUFFERED")
    env = {k: v for k, v in os.environ.items() if k not in hidden}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "turing", *args], stdout=full, stderr=subprocess.PIPE,
            text=True, env=env, cwd=tmp_path, timeout=120, check=False,
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (2, said)


# -- the library's decision ------------------------------------------------------------------


def test_write_target_decides_without_touching_anything(tmp_path: Path) -> None:
    node = make_null_device(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "file").write_text("x")
    cases = {
        str(tmp_path / "new.txt"): True,
        str(tmp_path / "file"): True,
        str(node): False,
        str(fifo): False,
        "/dev/stdout": False,
        "/dev/fd/1": False,
    }
    for path, atomic in cases.items():
        assert write_target(path).atomic is atomic, path
    assert not (tmp_path / "new.txt").exists()
    with pytest.raises(WriteTargetError, match="is a folder"):
        write_target(tmp_path)
    with pytest.raises(WriteTargetError, match="does not exist"):
        write_target(tmp_path / "no" / "x")
    with pytest.raises(WriteTargetError, match="empty"):
        write_target("")


def test_write_text_on_a_dangling_link_creates_the_file_it_names(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to("target.txt")
    write_text(link, "hello\n")
    assert link.is_symlink()
    assert (tmp_path / "target.txt").read_text() == "hello\n"


@pytest.mark.parametrize(
    ("args", "closed", "status", "said"),
    [
        (["solve", SAMPLE], 1, 2, "error: standard output: Bad file descriptor\n"),
        (["--version"], 1, 2, "error: standard output: Bad file descriptor\n"),
        (["solve", "-"], 0, 2, "error: <stdin>: file holds no puzzle\n"),
        (["play"], 0, 1, "end of input: game abandoned\n"),
        (["mastermind", "play"], 0, 1, "end of input: match abandoned\n"),
    ],
)  # fmt: skip
def test_a_closed_standard_stream_is_one_line(
    args: list[str], closed: int, status: int, said: str, tmp_path: Path
) -> None:
    """Started without standard input (``<&-``) a command reads it as empty; without
    standard output (``>&-``) what it writes there fails in one line that names it."""
    hidden = ("TURING_LANG", "TURING_DEBUG")
    env = {k: v for k, v in os.environ.items() if k not in hidden}
    done = subprocess.run(
        [sys.executable, "-m", "turing", *args],
        stdin=subprocess.DEVNULL if closed != 0 else None,
        stdout=subprocess.PIPE if closed != 1 else None,
        stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path, timeout=120, check=False,
        preexec_fn=lambda: os.close(closed),
    )  # fmt: skip
    assert done.returncode == status
    assert said in (done.stdout or "") + done.stderr
    assert "Traceback" not in done.stderr
