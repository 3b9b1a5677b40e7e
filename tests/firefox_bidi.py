"""A headless Firefox driven over WebDriver BiDi, with the few page calls the browser tests make.

Playwright drives only its own patched Firefox; a distribution's Firefox speaks the W3C's
WebDriver BiDi protocol itself. This client starts one with a fresh profile, opens tabs and
offers what the tests use of Playwright's page (``goto``, ``evaluate``, ``screenshot``,
``set_viewport_size``, ``close``), so a measuring helper written for Chromium's page runs
unchanged in Firefox.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

#: How long Firefox may take to start, and any one command to answer (a loaded 2-core machine).
START_SECONDS = 60
COMMAND_SECONDS = 120
_LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")


class BiDiError(RuntimeError):
    """Firefox answered a command with an error."""


class Firefox:
    """One headless Firefox process and its BiDi session."""

    def __init__(self, executable: Path, prefs: dict[str, Any] | None = None) -> None:
        """Start ``executable`` on a fresh profile, with ``prefs`` set in it (e.g.
        ``{"layout.css.prefers-color-scheme.content-override": 0}`` for dark pages)."""
        self._profile = Path(tempfile.mkdtemp(prefix="tracer-firefox-"))
        (self._profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(name)}, {json.dumps(value)});\n" for name, value in (prefs or {}).items()))
        self._log = (self._profile / "firefox.log").open("w+", encoding="utf-8")
        self._process = subprocess.Popen(
            [str(executable), "--headless", "--no-remote", "--profile", str(self._profile),
             "--remote-debugging-port=0", "about:blank"],
            stdout=self._log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self._ids = itertools.count(1)
        #: The events of the modules subscribed to (``session.subscribe``), as they arrived.
        self.events: list[dict[str, Any]] = []
        self._stack = contextlib.ExitStack()
        try:
            self._socket: ClientConnection = self._stack.enter_context(
                connect(self._address() + "/session", max_size=None, open_timeout=START_SECONDS))
            self.command("session.new", {"capabilities": {}})
            self.command("session.subscribe", {"events": ["log.entryAdded"]})
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Firefox:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def _address(self) -> str:
        """The BiDi address Firefox prints once it listens."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            found = _LISTENING.search((self._profile / "firefox.log").read_text(encoding="utf-8", errors="replace"))
            if found:
                return found.group(1)
            if self._process.poll() is not None:
                break
            time.sleep(0.1)
        log = (self._profile / "firefox.log").read_text(encoding="utf-8", errors="replace")
        raise RuntimeError(f"Firefox did not start its WebDriver BiDi server:\n{log[-2000:]}")

    def command(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """Send one command and return its result (events that arrive meanwhile are kept in ``events``)."""
        number = next(self._ids)
        self._socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self._socket.recv(timeout=COMMAND_SECONDS))
            if message.get("type") == "event":
                self.events.append(message)
                continue
            if message.get("id") != number:
                continue
            if message.get("type") == "error":
                raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def new_page(self, viewport: dict[str, int] | None = None) -> Page:
        """A tab of its own storage (as a Playwright page of its own context): nothing one page
        keeps (local storage, cookies) is seen by the next."""
        user = self.command("browser.createUserContext", {})["userContext"]
        context = self.command("browsingContext.create", {"type": "tab", "userContext": user})["context"]
        page = Page(self, context, user)
        if viewport:
            page.set_viewport_size(viewport)
        return page

    def close(self) -> None:
        try:
            if hasattr(self, "_socket"):
                self.command("browser.close", {})
            self._stack.close()
        except Exception:  # already closing: the process is ended below anyway
            pass
        finally:
            try:
                self._process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            self._log.close()
            shutil.rmtree(self._profile, ignore_errors=True)


class Page:
    """One tab, answering the calls the tests make of a Playwright page."""

    def __init__(self, firefox: Firefox, context: str, user: str) -> None:
        self._firefox = firefox
        self._context = context
        self._user = user

    def set_viewport_size(self, viewport: dict[str, int]) -> None:
        self._firefox.command("browsingContext.setViewport", {
            "context": self._context, "devicePixelRatio": 1,
            "viewport": {"width": viewport["width"], "height": viewport["height"]}})

    def goto(self, url: str) -> None:
        self._firefox.command("browsingContext.navigate", {"context": self._context, "url": url, "wait": "complete"})

    def evaluate(self, function: str) -> Any:
        """Call a JavaScript function (its source) in the page; its result comes back through JSON."""
        result = self._firefox.command("script.callFunction", {
            "functionDeclaration": f"async () => JSON.stringify(await ({function})())",
            "target": {"context": self._context}, "awaitPromise": True, "resultOwnership": "none"})
        if result["type"] == "exception":
            raise BiDiError(f"the page's script failed: {result['exceptionDetails'].get('text')}")
        value = result["result"]
        return None if value.get("type") == "undefined" else json.loads(value["value"])

    def screenshot(self, *, path: str | Path | None = None, full_page: bool = False) -> bytes:
        """The page as PNG (the window, or the whole document), also written to ``path`` if given."""
        picture = self._firefox.command("browsingContext.captureScreenshot", {
            "context": self._context, "origin": "document" if full_page else "viewport"})
        data = base64.b64decode(picture["data"])
        if path is not None:
            Path(path).write_bytes(data)
        return data

    def problems(self) -> list[str]:
        """The errors and warnings this tab's scripts logged or raised so far."""
        return [f"{event['params']['level']}: {event['params'].get('text')}" for event in self._firefox.events
                if event.get("method") == "log.entryAdded"
                and event["params"].get("source", {}).get("context") == self._context
                and event["params"].get("level") in ("error", "warn")]

    def close(self) -> None:
        self._firefox.command("browsingContext.close", {"context": self._context})
        self._firefox.command("browser.removeUserContext", {"userContext": self._user})
