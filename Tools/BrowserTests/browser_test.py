#!/usr/bin/env python3
"""The emulator's pages and the tool's browser login in a real browser: headless Chromium, driven
over the DevTools protocol on a pipe (--remote-debugging-pipe), with nothing but Python's standard
library.

    python3 Tools/BrowserTests/browser_test.py --tool PATH/accessenabler [--output .build/browser]
        [--chromium chromium]

What it checks, against `accessenabler emulator serve` on a free loopback port:

1. The browser login, as a person meets it: `accessenabler login --mvpd Cablevision --no-browser`
   prints the login URL; the browser opens it, signs in with a wrong password first (the error is
   tied to the inputs, the username is kept), then with the right one; the login's last redirect
   comes back to the tool's loopback listener, whose page says the tab can be closed, and the
   tool ends signed in without anything pasted.
2. The second-screen activation at 375x812 with phone emulation and at 1280x800: the code form,
   an empty code, the provider picker, the MVPD login form and the done page, while the TV
   (`accessenabler login --second-screen`) waits and then ends signed in.

On every page: the layout viewport is the device's (a viewport is set), no text is under 12 CSS
px as shown, every input has a label, every target is at least 24x24 CSS px (WCAG 2.5.8), nothing
scrolls sideways, and nothing is logged to the console (an empty icon spares the favicon request).
A page that answers a mistake (an empty or used code: 400) may only have the browser report that
status. A hostile code (markup that would log if it ran) is shown as text. Screenshots of each page
go to the output folder. Exit 0 when every check passed; 1 with each failure listed otherwise.
"""

import argparse
import base64
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

TIMEOUT = 30  # seconds for any one step: a failure, never a measurement
PHONE = {"width": 375, "height": 812, "deviceScaleFactor": 3, "mobile": True}
DESKTOP = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
PHONE_AGENT = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
               "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")

failures = []


def check(condition, what):
    """Records a failure unless `condition` holds; returns `condition`."""
    if not condition:
        failures.append(what)
        print(f"  FAIL {what}")
    return condition


class Process:
    """A child process whose standard output and error are collected as they come."""

    def __init__(self, arguments, environment=None):
        self.arguments = arguments
        self.process = subprocess.Popen(
            arguments, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=environment)
        self.out, self.err = [], []
        self.readers = [threading.Thread(target=self._drain, args=(self.process.stdout, self.out), daemon=True),
                        threading.Thread(target=self._drain, args=(self.process.stderr, self.err), daemon=True)]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _drain(stream, into):
        for line in iter(stream.readline, b""):
            into.append(line.decode("utf-8", "replace"))

    def text(self):
        return "".join(self.out), "".join(self.err)

    def wait_for(self, pattern, what):
        """The first match of `pattern` in standard output or error; fails after TIMEOUT."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            out, err = self.text()
            match = re.search(pattern, out + err, re.MULTILINE)
            if match:
                return match
            if self.process.poll() is not None:
                time.sleep(0.2)
                out, err = self.text()
                match = re.search(pattern, out + err, re.MULTILINE)
                if match:
                    return match
                break
            time.sleep(0.05)
        out, err = self.text()
        raise RuntimeError(f"no {what} from {' '.join(self.arguments[:2])}:\nstdout:\n{out}\nstderr:\n{err}")

    def finish(self):
        try:
            status = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        for reader in self.readers:
            reader.join(timeout=5)
        return status

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Browser:
    """Headless Chromium and one page of it, over the DevTools protocol on a pipe: commands are
    NUL-terminated JSON written to the browser's fd 3, answers and events read from its fd 4."""

    def __init__(self, chromium, profile):
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def descriptors():
            # Moved above the pipes first, so that the two dup2 calls cannot overwrite each other.
            read_copy, write_copy = os.dup(commands_read), os.dup(answers_write)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=descriptors, pass_fds=(3, 4))
        os.close(commands_read)
        os.close(answers_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def _read(self, deadline):
        """The next message, or None at the deadline."""
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self.answers], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self.answers, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None):
        """Sends a command to the page (or the browser before a page is attached); its result."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            answer = self._read(deadline)
            if answer is None:
                raise RuntimeError(f"no answer to {method}")
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method):
        """Waits for an event of the page (kept ones first)."""
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[index]
                return event
        deadline = time.monotonic() + TIMEOUT
        while True:
            event = self._read(deadline)
            if event is None:
                raise RuntimeError(f"no {method}")
            if event.get("method") == method:
                return event
            self.events.append(event)

    def console(self):
        """What the page logged since the last call (console calls, exceptions, browser log)."""
        self.drain()
        logged = []
        for event in self.events:
            params = event.get("params", {})
            if event.get("method") == "Runtime.consoleAPICalled":
                logged.append(" ".join(str(arg.get("value", arg.get("description", ""))) for arg in params["args"]))
            elif event.get("method") == "Runtime.exceptionThrown":
                logged.append(params["exceptionDetails"].get("text", "exception"))
            elif event.get("method") == "Log.entryAdded":
                entry = params["entry"]
                logged.append({"source": entry.get("source"), "url": entry.get("url", ""),
                               "text": f"{entry.get('level')}: {entry.get('text')} ({entry.get('url', '')})"})
        self.events = [e for e in self.events if e.get("method") not in
                       ("Runtime.consoleAPICalled", "Runtime.exceptionThrown", "Log.entryAdded")]
        return logged

    def drain(self):
        """Reads the events that have arrived, without waiting."""
        while True:
            event = self._read(time.monotonic() + 0.05)
            if event is None:
                return
            self.events.append(event)

    def size(self, device):
        self.call("Emulation.setDeviceMetricsOverride", device)
        self.call("Emulation.setTouchEmulationEnabled", {"enabled": device["mobile"], "maxTouchPoints": 5})
        if device["mobile"]:
            self.call("Emulation.setUserAgentOverride", {"userAgent": PHONE_AGENT})

    def _loaded(self):
        self.wait_event("Page.loadEventFired")
        # The load event of the page the last redirect led to; anything logged while loading
        # arrives with or before it, and the short drain catches stragglers.
        self.drain()

    def open(self, url):
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.call("Page.navigate", {"url": url})
        self._loaded()

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails'].get('text')}: {expression[:80]}")
        return result["result"].get("value")

    def submit(self, values, form="form"):
        """Types `values` (input id -> text) and submits the form as a click on its button would."""
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        script = "".join(f"document.getElementById({json.dumps(k)}).value = {json.dumps(v)};" for k, v in values.items())
        self.evaluate(script + f"document.querySelector({json.dumps(form)}).requestSubmit(); true")
        self._loaded()

    def click(self, selector):
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        self.evaluate(f"document.querySelector({json.dumps(selector)}).click(); true")
        self._loaded()

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as handle:
            handle.write(base64.b64decode(data))

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# What a person needs of every page, measured in the page itself.
PAGE_FACTS = r"""
(() => {
  const scale = window.visualViewport ? window.visualViewport.scale : 1;
  const facts = {url: location.href, title: document.title, innerWidth: window.innerWidth,
                 scrollWidth: document.documentElement.scrollWidth, scale, small: [], unlabelled: [], tiny: [],
                 main: !!document.querySelector("main"), text: document.body.innerText};
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const style = getComputedStyle(node.parentElement);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const shown = parseFloat(style.fontSize) * scale;
    if (shown < 12) facts.small.push(`${node.textContent.trim().slice(0, 30)}: ${shown.toFixed(1)} px`);
  }
  for (const input of document.querySelectorAll("input, select, textarea")) {
    if (input.type === "hidden") continue;
    const named = (input.labels && input.labels.length) || input.getAttribute("aria-label")
      || input.getAttribute("aria-labelledby");
    if (!named) facts.unlabelled.push(input.name || input.id || input.outerHTML.slice(0, 40));
  }
  for (const target of document.querySelectorAll("input:not([type=hidden]), button, select, textarea, a")) {
    const box = target.getBoundingClientRect();
    if (box.width * scale < 24 || box.height * scale < 24)
      facts.tiny.push(`${target.tagName} ${target.id || target.textContent.trim().slice(0, 20)}: `
        + `${(box.width * scale).toFixed(0)}x${(box.height * scale).toFixed(0)}`);
  }
  const error = document.querySelector(".error");
  if (error) {
    facts.error = error.textContent;
    facts.errorID = error.id;
    facts.described = [...document.querySelectorAll("[aria-describedby]")]
      .map(e => [e.id, e.getAttribute("aria-describedby"), e.getAttribute("aria-invalid")]);
  }
  return facts;
})()
"""


def check_page(browser, name, device, output, expect_text=None, status=None):
    """The checks every page gets; a screenshot named `name`. Returns the page's facts.

    A page that is the answer to a mistake (a form shown again with its error) comes with an error
    status, which the browser reports in the console as a failed load of the page itself: with
    `status`, exactly that one line is expected, and anything else the page logs still fails."""
    facts = browser.evaluate(PAGE_FACTS)
    label = f"{name} ({device['width']}x{device['height']})"
    print(f"- {label}: {facts['title']!r} at {facts['url']}")
    browser.screenshot(os.path.join(output, f"{name}-{device['width']}x{device['height']}.png"))
    check(facts["innerWidth"] == device["width"],
          f"{label}: laid out {facts['innerWidth']} px wide on a {device['width']} px screen (no viewport?)")
    check(abs(facts["scale"] - 1) < 0.01, f"{label}: shown at scale {facts['scale']:.2f}")
    check(facts["scrollWidth"] <= facts["innerWidth"], f"{label}: scrolls sideways ({facts['scrollWidth']} px)")
    check(not facts["small"], f"{label}: text under 12 CSS px: {facts['small'][:5]}")
    check(not facts["unlabelled"], f"{label}: inputs without a label: {facts['unlabelled']}")
    check(not facts["tiny"], f"{label}: targets under 24x24 CSS px: {facts['tiny'][:5]}")
    check(facts["main"], f"{label}: no <main> landmark")
    logged = browser.console()
    if status:
        own = [entry for entry in logged if isinstance(entry, dict) and entry["source"] == "network"
               and entry["url"] == facts["url"] and f"status of {status} " in entry["text"]]
        check(len(own) == 1, f"{label}: the browser did not report the page's own status {status}")
        logged = [entry for entry in logged if entry not in own]
    logged = [entry["text"] if isinstance(entry, dict) else entry for entry in logged]
    check(not logged, f"{label}: logged to the console: {logged}")
    if expect_text:
        check(expect_text in facts["text"], f"{label}: does not say {expect_text!r}")
    return facts


def check_error_is_tied(facts, name, message):
    """The page's error says `message` and the inputs it concerns name it (aria-describedby)."""
    check(facts.get("error") == message, f"{name}: error {facts.get('error')!r}, expected {message!r}")
    tied = [entry for entry in facts.get("described", []) if entry[1] == facts.get("errorID")]
    check(tied and all(entry[2] == "true" for entry in tied), f"{name}: the error is not tied to an input: {tied}")


def browser_login(tool, environment, emulator_url, browser, output, folder):
    print("\n== The browser login, caught on loopback (1280x800)")
    browser.size(DESKTOP)
    login = Process([tool, "login", "--mvpd", "Cablevision", "--no-browser", "--json",
                     "--service-provider", emulator_url, "--requestor", "REF",
                     "--storage", os.path.join(folder, "browser-login.json")], environment)
    try:
        url = login.wait_for(r"^  (http://127\.0\.0\.1:\d+/\S+)$", "login URL").group(1)
        back = login.wait_for(r"comes back to this tool \(at (http://127\.0\.0\.1:\d+/\S+)\)", "loopback URL").group(1)
        check(not back.startswith(emulator_url), "the tool's listener is not the emulator")
        browser.open(url)
        form = check_page(browser, "login-form", DESKTOP, output, "Sign in to Cablevision")
        check(form["url"].startswith(emulator_url + "/emulator/mvpd/Cablevision/login"), f"login page at {form['url']}")
        browser.submit({"username": "alice", "password": "wrong"})
        wrong = check_page(browser, "login-error", DESKTOP, output)
        check_error_is_tied(wrong, "login error", "The username or password is incorrect.")
        check(browser.evaluate("document.getElementById('username').value") == "alice", "the username was not kept")
        browser.submit({"password": "alice-password"})
        done = check_page(browser, "login-caught", DESKTOP, output, "You can close this tab")
        check(done["url"].startswith(back), f"the browser ended at {done['url']}, not the tool's {back}")
        status = login.finish()
        out, err = login.text()
        check(status == 0, f"login exited {status}: {err[-800:]}")
        result = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
        check(result.get("authenticated") is True and result.get("mvpd") == "Cablevision",
              f"login did not end signed in with Cablevision: {out.strip()}")
        check("Paste" not in err or "paste the URL it ends at" in err, "the tool asked for a paste")
    finally:
        login.stop()


def activation(tool, environment, emulator_url, browser, output, folder, device, name, mvpd):
    print(f"\n== Second-screen activation at {device['width']}x{device['height']} ({name})")
    browser.size(device)
    tv = Process([tool, "login", "--second-screen", "--poll-interval", "1", "--json",
                  "--service-provider", emulator_url, "--requestor", "REF",
                  "--storage", os.path.join(folder, f"tv-{name}.json")], environment)
    try:
        code = tv.wait_for(r"^Code: ([0-9A-Z]+)$", "code").group(1)
        page = tv.wait_for(r"^Go to (\S+) on a phone or computer", "activation URL").group(1)
        browser.open(page)
        check_page(browser, f"{name}-code", device, output, "Code shown on your TV")
        browser.open(page + "?code=")
        empty = check_page(browser, f"{name}-empty-code", device, output, status=400)
        check_error_is_tied(empty, "empty code", "Enter the code shown on your TV.")
        browser.submit({"code": code.lower()})
        check_page(browser, f"{name}-picker", device, output, "Choose your TV provider")
        browser.click(f'a[data-mvpd="{mvpd}"]')
        if mvpd == "Cablevision":
            check_page(browser, f"{name}-login", device, output, "Sign in to Cablevision")
            browser.submit({"username": "alice", "password": "alice-password"})
        check_page(browser, f"{name}-done", device, output, "You're signed in")
        status = tv.finish()
        out, err = tv.text()
        check(status == 0, f"the TV's login exited {status}: {err[-800:]}")
        result = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
        check(result.get("mvpd") == mvpd, f"the TV did not end signed in with {mvpd}: {out.strip()}")
        browser.open(page + "?code=" + code)
        used = check_page(browser, f"{name}-used-code", device, output, status=400)
        check_error_is_tied(used, "used code", "That code was used already. If your TV is not signed in, "
                            "ask it for a new code.")
    finally:
        tv.stop()


def hostile_input(emulator_url, browser, output):
    print("\n== Hostile input is shown, never run (375x812)")
    browser.size(PHONE)
    payload = '<img src=x onerror="console.log(\'ran\')">'
    browser.open(emulator_url + "/activate?code=" + urllib.parse.quote(payload))
    facts = check_page(browser, "hostile-code", PHONE, output, status=400)
    check(browser.evaluate("document.querySelectorAll('img').length") == 0, "the payload became an element")
    check("That code is too long." in (facts.get("error") or ""), f"error {facts.get('error')!r}")
    browser.open(emulator_url + "/adobe-services/logout")
    check_page(browser, "logout-without-parameters", PHONE, output, "redirect_url is missing.", status=400)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool", required=True, help="the accessenabler executable")
    parser.add_argument("--output", default=".build/browser", help="where screenshots go")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    arguments = parser.parse_args()
    os.makedirs(arguments.output, exist_ok=True)
    for old in os.listdir(arguments.output):
        if old.endswith(".png"):
            os.remove(os.path.join(arguments.output, old))
    started = time.monotonic()
    environment = {key: value for key, value in os.environ.items() if not key.startswith("ACCESSENABLER_")}
    environment.pop("BROWSER", None)
    environment["ACCESSENABLER_SOFTWARE_STATEMENT"] = "browser-test-statement"
    with tempfile.TemporaryDirectory(prefix="accessenabler-browser-") as folder:
        emulator = Process([arguments.tool, "emulator", "serve", "--port", "0", "--quiet"], environment)
        browser = None
        try:
            emulator_url = emulator.wait_for(r"Listening on (http://\S+)", "listening line").group(1).rstrip("/")
            browser = Browser(arguments.chromium, os.path.join(folder, "profile"))
            print(f"Chromium {browser.call('Browser.getVersion')['product']}; emulator at {emulator_url}")
            browser_login(arguments.tool, environment, emulator_url, browser, arguments.output, folder)
            activation(arguments.tool, environment, emulator_url, browser, arguments.output, folder,
                       PHONE, "phone", "Cablevision")
            activation(arguments.tool, environment, emulator_url, browser, arguments.output, folder,
                       DESKTOP, "desktop", "AutoCable")
            hostile_input(emulator_url, browser, arguments.output)
        except Exception as error:  # a step that could not run is a failure too
            failures.append(f"could not run: {error}")
            print(f"  FAIL could not run: {error}")
        finally:
            if browser:
                browser.close()
            emulator.stop()
    shots = sorted(f for f in os.listdir(arguments.output) if f.endswith(".png"))
    print(f"\n{len(shots)} screenshots in {arguments.output}; {time.monotonic() - started:.1f} s")
    if failures:
        print(f"Browser checks FAILED ({len(failures)}):")
        for failure in failures:
            print(f"  - {failure}")
        return 1
    print("Browser checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
