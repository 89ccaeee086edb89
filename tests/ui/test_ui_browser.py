"""Both boards served by ``--serve`` and played in headless Chromium through the DevTools
protocol: the page connects to the board by websocket and draws its terminal, keys typed
into the page reach the board, and the screenshots show it (they are saved beside the
test, or in the folder ``TURING_BOARD_SHOTS`` names). Skipped cleanly without chromium
or textual-serve; the boards a server started end with it."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from testsupport.processes import processes_where

ROOT = Path(__file__).resolve().parent.parent.parent
RED_PEG = (0xE5, 0x39, 0x35)  # the Mastermind board's red peg
WIDTH, HEIGHT = 1280, 800


def _chromium() -> str:
    pytest.importorskip("textual_serve")
    pytest.importorskip("aiohttp")
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("chromium is not installed")
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_for_http(url: str, seconds: float = 30) -> str:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                text: str = reply.read().decode()
                return text
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


@contextmanager
def served(*words: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``turing WORDS… --serve`` on a free loopback port: the page's address."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "turing", *words, "--serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        page = _wait_for_http(url)
        assert "textual" in page.lower()
        assert "googleapis" not in page  # the page's font comes from this server
        yield url, server
    finally:
        server.terminate()
        server.wait(timeout=20)


def _wait_for_group_gone(group: int, seconds: float = 10) -> None:
    """Wait until no process of the group is left, killing what lingers."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)


@contextmanager
def chromium_debugger(chromium: str) -> Iterator[int]:
    """Headless Chromium with the DevTools protocol on a free port."""
    # Chromium's helper processes may still write to the profile for a moment
    # after the browser has gone; what they leave is only a temporary profile.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        port = _free_port()
        browser = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                f"--remote-debugging-port={port}",
                f"--window-size={WIDTH},{HEIGHT}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            _wait_for_http(f"http://127.0.0.1:{port}/json/version")
            yield port
        finally:
            # The whole process group: the browser and its helper processes.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(browser.pid, signal.SIGTERM)
            try:
                browser.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(browser.pid, signal.SIGKILL)
                browser.wait(timeout=20)
            _wait_for_group_gone(browser.pid)


class Page:
    """One browser tab driven through the DevTools protocol."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.next_id = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        number = self.next_id
        await self.socket.send_str(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            reply = json.loads((await self.socket.receive()).data)
            if reply.get("id") == number:
                if "error" in reply:
                    raise AssertionError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply["result"]
                return result

    async def evaluate(self, expression: str) -> Any:
        reply = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return reply["result"].get("value")

    async def key(self, key: str) -> None:
        """A key as a person types it: down (with its text), up."""
        named = {"Enter": ("Enter", 13, "\r"), "Backspace": ("Backspace", 8, "")}
        if key in named:
            code, virtual, text = named[key]
        else:
            code, virtual, text = f"Key{key.upper()}", ord(key.upper()), key
        if key.isdigit():
            code = f"Digit{key}"
        down: dict[str, Any] = {
            "type": "keyDown",
            "key": key,
            "code": code,
            "windowsVirtualKeyCode": virtual,
        }
        if text:
            down["text"] = text
        await self.call("Input.dispatchKeyEvent", **down)
        await self.call(
            "Input.dispatchKeyEvent",
            type="keyUp",
            key=key,
            code=code,
            windowsVirtualKeyCode=virtual,
        )
        await asyncio.sleep(0.15)

    async def screenshot(self) -> bytes:
        reply = await self.call("Page.captureScreenshot", format="png")
        return base64.b64decode(reply["data"])


async def _open(port: int, url: str) -> tuple[Any, Any, Page]:
    import aiohttp

    session = aiohttp.ClientSession()
    async with session.put(f"http://127.0.0.1:{port}/json/new?about:blank") as reply:
        target = await reply.json(content_type=None)
    socket = await session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0)
    page = Page(socket)
    await page.call("Page.enable")
    await page.call("Page.navigate", url=url)
    return session, socket, page


async def _wait_until_drawn(page: Page, seconds: float = 60, click: bool = True) -> None:
    """Until the page has its first byte from the board, and the board has drawn; with
    ``click``, the terminal then gets focus as a person's click would give it."""
    deadline = time.monotonic() + seconds
    while not await page.evaluate(
        "document.body !== null && document.body.classList.contains('-first-byte')"
    ):
        assert time.monotonic() < deadline, "the page never heard from the board"
        await asyncio.sleep(0.2)
    if click:
        await page.evaluate("document.querySelector('.xterm-helper-textarea')?.focus()")
    await asyncio.sleep(2.0)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of RGB(A) bytes of an 8-bit, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        chunks[kind] = chunks.get(kind, b"") + data[at + 8 : at + 8 + length]
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert depth == 8 and colour in (2, 6) and interlace == 0
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = width * step
    rows: list[bytes] = []
    previous = bytearray(stride)
    at = 0
    for _ in range(height):
        method, line = raw[at], bytearray(raw[at + 1 : at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if method == 1:
                line[i] = (line[i] + left) & 0xFF
            elif method == 2:
                line[i] = (line[i] + up) & 0xFF
            elif method == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif method == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                near = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + near) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, [bytes(r[i] for i in range(len(r)) if i % step < 3) for r in rows]


def count_colour(png: bytes, colour: tuple[int, int, int]) -> int:
    _, _, rows = png_pixels(png)
    needle = bytes(colour)
    return sum(1 for row in rows for i in range(0, len(row), 3) if row[i : i + 3] == needle)


def colours(png: bytes) -> int:
    _, _, rows = png_pixels(png)
    return len({row[i : i + 3] for row in rows[::7] for i in range(0, len(row), 21)})


def _keep(name: str, png: bytes, tmp_path: Path) -> None:
    folder = Path(os.environ.get("TURING_BOARD_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(png)


def _boards_of(server: int) -> list[int]:
    """Processes started as boards of the server with this process id."""
    mark = f"TURING_BOARD_SERVER={server}".encode()
    return processes_where("environ", lambda environ: mark in environ.split(b"\0"))


def _ended_with(server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 10
    while _boards_of(server.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _boards_of(server.pid)


async def _keys_into_page(port: int, url: str, keys: Sequence[str]) -> tuple[bytes, bytes]:
    """Screenshots of the drawn page before and after ``keys`` are typed into it."""
    session, socket, page = await _open(port, url)
    try:
        await _wait_until_drawn(page)
        first = await page.screenshot()
        for key in keys:
            await page.key(key)
        await asyncio.sleep(1.0)
        return first, await page.screenshot()
    finally:
        await socket.close()
        await session.close()


def test_the_criteria_board_in_a_browser_page(tmp_path: Path) -> None:
    chromium = _chromium()
    with served("board") as (url, server), chromium_debugger(chromium) as port:
        # compose 241, test it against A
        first, tested = asyncio.run(_keys_into_page(port, url, "241a"))
    _ended_with(server)
    _keep("board-start.png", first, tmp_path)
    _keep("board-tested.png", tested, tmp_path)
    assert colours(first) > 8, "the page shows no drawn board"
    assert first != tested, "the keys typed into the page changed nothing"


def test_the_mastermind_board_in_a_browser_page(tmp_path: Path) -> None:
    chromium = _chromium()
    with (
        served("mastermind", "board", "--seed", "3") as (url, server),
        chromium_debugger(chromium) as port,
    ):
        keys = ("r", "r", "g", "r", "Enter", "r")
        first, played = asyncio.run(_keys_into_page(port, url, keys))
    _ended_with(server)
    _keep("mastermind-start.png", first, tmp_path)
    _keep("mastermind-played.png", played, tmp_path)
    before, after = count_colour(first, RED_PEG), count_colour(played, RED_PEG)
    assert before > 0, "no red peg drawn in the page"
    # three red pegs in row 1 and one in row 2: four more pegs' worth of red
    assert after > before * 3, (before, after)


@pytest.mark.parametrize("words", [("board",), ("mastermind", "board", "--seed", "3")])
def test_a_page_closed_while_its_board_starts_ends_the_board(words: tuple[str, ...]) -> None:
    # a page that leaves at once (a screenshot on a budget of virtual time) asks its board
    # to quit while the board is still starting; the board ends while the server runs on
    chromium = _chromium()
    with served(*words) as (url, server), tempfile.TemporaryDirectory() as folder:
        for _ in range(2):
            subprocess.run(
                [
                    chromium,
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    f"--user-data-dir={folder}",
                    f"--screenshot={folder}/page.png",
                    f"--window-size={WIDTH},{HEIGHT}",
                    "--virtual-time-budget=8000",
                    url,
                ],
                capture_output=True,
                timeout=120,
                check=False,
            )
        deadline = time.monotonic() + 60
        while _boards_of(server.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not _boards_of(server.pid), "a board outlived its closed page"
        assert server.poll() is None


async def _keys_at_once(port: int, url: str, keys: Sequence[str]) -> tuple[bytes, bytes, Any]:
    """Screenshots of the drawn page before and after ``keys`` are typed into it, with no
    click and no focus given first; and the page's title, language and focused element."""
    session, socket, page = await _open(port, url)
    try:
        await _wait_until_drawn(page, click=False)
        first = await page.screenshot()
        seen = await page.evaluate(
            "[document.title, document.documentElement.lang, document.activeElement.className]"
        )
        for key in keys:
            await page.key(key)
        await asyncio.sleep(1.0)
        return first, await page.screenshot(), seen
    finally:
        await socket.close()
        await session.close()


def test_keys_reach_the_board_without_a_click_and_the_page_is_named(tmp_path: Path) -> None:
    # a player at the keyboard alone plays at once: the page gives its terminal the keys
    chromium = _chromium()
    with served("board") as (url, server), chromium_debugger(chromium) as port:
        first, typed, (title, lang, focused) = asyncio.run(_keys_at_once(port, url, "241a"))
    _ended_with(server)
    _keep("board-keys-at-once.png", typed, tmp_path)
    assert title == "turing board"
    assert lang == "en"
    assert "xterm-helper-textarea" in focused
    assert colours(first) > 8, "the page shows no drawn board"
    assert first != typed, "the keys typed into the page changed nothing"
