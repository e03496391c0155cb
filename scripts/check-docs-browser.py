#!/usr/bin/env python3
"""Opens the built DocC sites in headless Chromium and checks what a reader sees.

Usage:
  scripts/build-docs.sh                      # builds .build/docs/<Module>.doccarchive
  scripts/check-docs-browser.py              # checks the four sites, exits 0, 1 or 2
  scripts/check-docs-browser.py --serve      # serves the sites on 127.0.0.1:8000 until Ctrl-C

The sites are built for static hosting under /swift-sqlite/<Module>/, so the script serves
them from a local HTTP server (127.0.0.1, a free port) that maps /swift-sqlite/<Module>/ to
.build/docs/<Module>.doccarchive/. It answers as a static host does: a file is sent as it is,
a directory path sends its index.html (the archive's root index.html when it has none), and a
page path with no file of its own (a page that does not exist) sends the root index.html with
status 404, so that the renderer shows its own "page not found".

DocC's pages are drawn in the browser: index.html loads the renderer's JavaScript, which
fetches data/documentation/<page>.json and builds the page. For each module the script
therefore loads the landing page (/swift-sqlite/<Module>/documentation/<module>/) in
headless Chromium, lets the renderer run (--virtual-time-budget; a page that fails is tried
once more with four times the budget), keeps the rendered DOM (--dump-dom) and a screenshot
as .build/docs-check/<Module>.html and .png, and checks that

- the page's <h1> is the module's name,
- the page has a Topics section holding every `### ` group heading that the catalog's landing
  page (Sources/<Module>/<Module>.docc/<Module>.md) declares under `## Topics`,
- the renderer shows no error page ("The page you're looking for can't be found", "An
  unknown error occurred"...), and
- over HTTP, the landing page's JSON and the JSON and HTML page of every symbol or article
  its Topics section links to answer 200 (data/documentation/sqlitecore/connection.json...).

It prints one line per module, "ok" or what is wrong, and exits 0 when all modules pass,
1 when one fails, and 2 when it cannot check (no Chromium, no built docs, no catalog).

Needs python3 (standard library only) and Chromium (on Debian:
apt-get install -y --no-install-recommends chromium; or name one with --chromium or
$CHROMIUM). Chromium runs with --no-sandbox, so the check also works as root (CI), and with a
throwaway profile directory; its stderr (D-Bus, GPU and font noise) is shown only when it
fails.
"""

import argparse
import html
import http.server
import json
import mimetypes
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from html.parser import HTMLParser
from urllib.parse import quote, unquote, urlsplit

MODULES = ["SQLiteCore", "SQLiteTyped", "SQLiteSchema", "SQLiteCodable"]
BASE_PATH = "swift-sqlite"
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What DocC's renderer shows instead of a page when it cannot draw one.
ERROR_TEXTS = [
    "The page you're looking for can't be found",  # also with ’, which normalize() maps to '
    "An unknown error occurred",
    "This page requires JavaScript",
]

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
}


def setup_error(message):
    print(f"check-docs-browser.py: {message}", file=sys.stderr)
    sys.exit(2)


# --- The static server -------------------------------------------------------------------


def make_handler(archives, quiet):
    """Returns a request handler serving /<BASE_PATH>/<Module>/... from archives[Module]."""

    class Handler(http.server.BaseHTTPRequestHandler):
        server_version = "check-docs-browser"

        def log_message(self, format, *args):
            if not quiet:
                sys.stderr.write("%s %s\n" % (self.address_string(), format % args))

        def do_HEAD(self):
            self.respond(send_body=False)

        def do_GET(self):
            self.respond(send_body=True)

        def send(self, status, body, content_type, send_body, extra_headers=()):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            for name, value in extra_headers:
                self.send_header(name, value)
            self.end_headers()
            if send_body:
                self.wfile.write(body)

        def send_file(self, status, path, send_body):
            extension = os.path.splitext(path)[1].lower()
            content_type = CONTENT_TYPES.get(extension) or (
                mimetypes.guess_type(path)[0] or "application/octet-stream"
            )
            with open(path, "rb") as file:
                body = file.read()
            self.send(status, body, content_type, send_body)

        def index_page(self):
            links = "".join(
                f'<li><a href="/{BASE_PATH}/{m}/documentation/{m.lower()}/">{m}</a></li>'
                for m in archives
            )
            return f"<!doctype html><title>swift-sqlite docs</title><ul>{links}</ul>".encode()

        def respond(self, send_body):
            raw_path = urlsplit(self.path).path
            path = unquote(raw_path)
            if path in ("/", f"/{BASE_PATH}", f"/{BASE_PATH}/"):
                self.send(200, self.index_page(), CONTENT_TYPES[".html"], send_body)
                return
            parts = path.split("/", 3)  # "", BASE_PATH, Module, rest
            if len(parts) < 3 or parts[1] != BASE_PATH or parts[2] not in archives:
                self.send(404, b"not found\n", "text/plain", send_body)
                return
            root = archives[parts[2]]
            if len(parts) == 3:
                self.send(301, b"", "text/plain", send_body, [("Location", raw_path + "/")])
                return
            rest = parts[3]
            target = os.path.realpath(os.path.join(root, rest))
            if target != root and not target.startswith(root + os.sep):
                self.send(404, b"not found\n", "text/plain", send_body)
                return
            if os.path.isdir(target):
                if not path.endswith("/"):
                    self.send(301, b"", "text/plain", send_body, [("Location", raw_path + "/")])
                    return
                index = os.path.join(target, "index.html")
                if os.path.isfile(index):
                    self.send_file(200, index, send_body)
                else:
                    # A route with no page of its own: the renderer decides what to show.
                    self.send_file(200, os.path.join(root, "index.html"), send_body)
                return
            if os.path.isfile(target):
                self.send_file(200, target, send_body)
                return
            # A missing page route (no file extension) gets the renderer, which shows its
            # "page not found"; a missing asset or JSON file is a plain 404.
            if not os.path.splitext(rest.rstrip("/"))[1]:
                self.send_file(404, os.path.join(root, "index.html"), send_body)
            else:
                self.send(404, b"not found\n", "text/plain", send_body)

    return Handler


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser that drops a connection it no longer needs is no error of the site.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def start_server(archives, port, quiet):
    handler = make_handler(archives, quiet)
    try:
        server = Server(("127.0.0.1", port), handler)
    except OSError as error:
        setup_error(f"cannot listen on 127.0.0.1:{port}: {error}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


# --- Reading the catalog and the rendered page --------------------------------------------


def plain_heading(text):
    """The text a Markdown heading renders to: no code spans, emphasis or link targets."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"`+([^`]*)`+", r"\1", text)
    text = re.sub(r"(\*\*|__|\*|_)(\S(?:.*?\S)?)\1", r"\2", text)
    return normalize(text)


def normalize(text):
    return " ".join(html.unescape(text).replace("\u2019", "'").split())


def topic_headings(catalog_page):
    """The `### ` headings under `## Topics` in a catalog's landing page."""
    headings = []
    in_topics = False
    in_fence = False
    with open(catalog_page, encoding="utf-8") as file:
        for line in file:
            stripped = line.strip()
            if stripped.startswith("```") or stripped.startswith("~~~"):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            if re.match(r"^##\s", line):
                in_topics = line[2:].strip() == "Topics"
            elif in_topics and re.match(r"^###\s", line):
                headings.append(plain_heading(line[3:].strip().rstrip("#").strip()))
    return headings


class RenderedPage(HTMLParser):
    """Collects the headings of a dumped DOM's <main> (the page, not the navigator beside
    it, which repeats the topic groups) and the visible text of the whole DOM."""

    HIDDEN = {"script", "style", "noscript", "template"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.headings = {"h1": [], "h2": [], "h3": []}
        self.text = []
        self.open_heading = None
        self.heading_text = []
        self.hidden_depth = 0
        self.in_main = False

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden_depth += 1
        elif tag == "main":
            self.in_main = True
        elif tag in self.headings and self.in_main and self.hidden_depth == 0:
            self.open_heading = tag
            self.heading_text = []

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden_depth = max(0, self.hidden_depth - 1)
        elif tag == "main":
            self.in_main = False
        elif tag == self.open_heading:
            self.headings[tag].append(normalize("".join(self.heading_text)))
            self.open_heading = None

    def handle_data(self, data):
        if self.hidden_depth:
            return
        self.text.append(data)
        if self.open_heading:
            self.heading_text.append(data)

    def visible_text(self):
        return normalize(" ".join(self.text))


# --- Chromium ------------------------------------------------------------------------------


def find_chromium(explicit):
    candidates = [explicit] if explicit else [
        os.environ.get("CHROMIUM"),
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    for candidate in candidates:
        if candidate:
            found = shutil.which(candidate)
            if found:
                return found
    return None


def run_chromium(chromium, url, budget_ms, timeout, profile_root, screenshot=None):
    """Runs headless Chromium on url; returns (dumped DOM or None, problem or None)."""
    profile = tempfile.mkdtemp(prefix="profile-", dir=profile_root)
    command = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-extensions",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--mute-audio",
        "--hide-scrollbars",
        "--window-size=1280,2400",
        f"--user-data-dir={profile}",
        f"--virtual-time-budget={budget_ms}",
    ]
    # One run both prints the DOM and saves the screenshot, each after the budget has run out.
    command.append("--dump-dom")
    if screenshot:
        command.append(f"--screenshot={screenshot}")
    command.append(url)
    try:
        # A session of its own, so that a timeout ends Chromium's helper processes too.
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as error:
        shutil.rmtree(profile, ignore_errors=True)
        return None, f"cannot run {chromium}: {error}"
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        return None, f"Chromium did not finish within {timeout:g} s"
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    if process.returncode != 0:
        # Chromium's stderr is mostly noise (D-Bus, GPU, fonts); show its tail on failure only.
        tail = stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
        return None, f"Chromium exited {process.returncode}: " + " | ".join(tail)
    return stdout.decode("utf-8", "replace"), None


# --- The checks ----------------------------------------------------------------------------


def fetch(url):
    """Returns (status, body) for a GET of url."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, b""
    except (urllib.error.URLError, OSError) as error:
        return None, str(error).encode()


def check_reachable(site, module):
    """Checks over HTTP that the landing page's JSON and its topics' pages answer 200."""
    problems = []
    slug = module.lower()
    status, body = fetch(f"{site}/data/documentation/{slug}.json")
    if status != 200:
        return [f"data/documentation/{slug}.json answered {status}"], 0
    try:
        landing = json.loads(body)
    except ValueError:
        return [f"data/documentation/{slug}.json is not JSON"], 0
    references = landing.get("references", {})
    urls = []
    for section in landing.get("topicSections", []):
        for identifier in section.get("identifiers", []):
            url = references.get(identifier, {}).get("url", "")
            if url.startswith("/documentation/") and url not in urls:
                urls.append(url)
    if not urls:
        problems.append("the landing page's JSON links to no topic pages")
    unreachable = []
    for url in urls:
        page = url.split("#")[0].rstrip("/")
        for path in (f"data{page.lower()}.json", f"{page.lower().lstrip('/')}/index.html"):
            status, _ = fetch(f"{site}/{quote(path)}")
            if status != 200:
                unreachable.append(f"{path} answered {status}")
    if unreachable:
        more = f" and {len(unreachable) - 5} more" if len(unreachable) > 5 else ""
        problems.append("; ".join(unreachable[:5]) + more)
    return problems, len(urls)


def check_dom(dom, module, expected_topics):
    problems = []
    page = RenderedPage()
    page.feed(dom)
    page.close()
    text = page.visible_text()
    for error_text in ERROR_TEXTS:
        if normalize(error_text) in text:
            problems.append(f'shows "{error_text}"')
    h1 = page.headings["h1"]
    if module not in h1:
        problems.append(f"<h1> is {h1!r}, not {module!r}")
    if "Topics" not in page.headings["h2"]:
        problems.append(
            f"no Topics section (<h2>Topics</h2> in <main>; {len(expected_topics)} groups expected)"
        )
        return problems
    rendered = set(page.headings["h3"])
    missing = [heading for heading in expected_topics if heading not in rendered]
    if missing:
        problems.append("topic groups missing: " + ", ".join(repr(m) for m in missing))
    return problems


def check_module(module, site, chromium, args, profile_root, out_dir):
    catalog_page = os.path.join(REPOSITORY, "Sources", module, f"{module}.docc", f"{module}.md")
    expected_topics = topic_headings(catalog_page)
    url = f"{site}/documentation/{module.lower()}/"
    problems = []

    screenshot = os.path.join(out_dir, f"{module}.png")
    if os.path.exists(screenshot):
        os.remove(screenshot)
    started = time.monotonic()
    dom, problem = run_chromium(chromium, url, args.budget, args.timeout, profile_root, screenshot)
    if dom is not None:
        problems += check_dom(dom, module, expected_topics)
        if problems and args.budget < 60000:
            # A slow machine may not have finished rendering: one more try with more time.
            retry, _ = run_chromium(
                chromium, url, args.budget * 4, args.timeout, profile_root, screenshot
            )
            if retry is not None and not check_dom(retry, module, expected_topics):
                dom, problems = retry, []
        if not os.path.isfile(screenshot):
            # A Chromium that takes only one of --dump-dom and --screenshot per run.
            _, problem = run_chromium(
                chromium, url, args.budget, args.timeout, profile_root, screenshot
            )
            if not os.path.isfile(screenshot):
                problems.append(f"no screenshot: {problem or 'Chromium wrote no file'}")
        with open(os.path.join(out_dir, f"{module}.html"), "w", encoding="utf-8") as file:
            file.write(dom)
    else:
        problems.append(problem)
    seconds = time.monotonic() - started

    reachable_problems, topic_pages = check_reachable(site, module)
    problems += reachable_problems

    timing = f"{seconds:.1f} s in Chromium"
    if problems:
        print(f"{module}: FAIL ({timing}): " + "; ".join(problems))
        return False
    print(
        f"{module}: ok ({timing}; h1, {len(expected_topics)} topic groups, "
        f"{topic_pages} topic pages reachable)"
    )
    return True


# --- Main ----------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--modules", nargs="+", default=MODULES, metavar="MODULE",
        help="the modules to check or serve (default: %(default)s)",
    )
    parser.add_argument(
        "--docs-dir", default=os.path.join(REPOSITORY, ".build", "docs"),
        help="where the <Module>.doccarchive sites are (default: .build/docs)",
    )
    parser.add_argument(
        "--out-dir", default=os.path.join(REPOSITORY, ".build", "docs-check"),
        help="where the rendered DOMs and screenshots go (default: .build/docs-check)",
    )
    parser.add_argument(
        "--chromium",
        help="the Chromium binary (default: $CHROMIUM, then chromium, chromium-browser, "
        "google-chrome on PATH)",
    )
    parser.add_argument(
        "--timeout", type=float, default=120,
        help="seconds each Chromium run may take (default: %(default)g)",
    )
    parser.add_argument(
        "--budget", type=int, default=15000,
        help="virtual milliseconds the renderer gets to draw a page (default: %(default)d)",
    )
    parser.add_argument(
        "--serve", action="store_true",
        help="only serve the sites on 127.0.0.1 and print their addresses, until Ctrl-C",
    )
    parser.add_argument(
        "--port", type=int, default=8000,
        help="the port for --serve; 0 picks a free one (default: %(default)d)",
    )
    args = parser.parse_args()

    archives = {}
    for module in args.modules:
        archive = os.path.realpath(os.path.join(args.docs_dir, f"{module}.doccarchive"))
        if not os.path.isfile(os.path.join(archive, "index.html")):
            setup_error(f"no built site at {archive} (run scripts/build-docs.sh first)")
        archives[module] = archive

    if args.serve:
        server = start_server(archives, args.port, quiet=False)
        host, port = server.server_address[:2]
        print(f"Serving the documentation on http://{host}:{port}/ (Ctrl-C stops):")
        for module in archives:
            print(f"  http://{host}:{port}/{BASE_PATH}/{module}/documentation/{module.lower()}/")
        sys.stdout.flush()
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
        server.shutdown()
        return 0

    for module in args.modules:
        catalog_page = os.path.join(
            REPOSITORY, "Sources", module, f"{module}.docc", f"{module}.md"
        )
        if not os.path.isfile(catalog_page):
            setup_error(f"no catalog landing page {catalog_page}")
        if not topic_headings(catalog_page):
            setup_error(f"{catalog_page} declares no `### ` topic groups under `## Topics`")

    chromium = find_chromium(args.chromium)
    if not chromium:
        setup_error(
            "no Chromium found (set --chromium or $CHROMIUM; on Debian: "
            "apt-get install -y --no-install-recommends chromium)"
        )

    os.makedirs(args.out_dir, exist_ok=True)
    server = start_server(archives, 0, quiet=True)
    host, port = server.server_address[:2]
    failed = False
    with tempfile.TemporaryDirectory(prefix="check-docs-browser-") as profile_root:
        # Chromium must be able to run at all before a page's failure means anything.
        dom, problem = run_chromium(
            chromium,
            "data:text/html,<h1>ready</h1>",
            1000,
            args.timeout,
            profile_root,
        )
        if dom is None or "ready" not in dom:
            server.shutdown()
            setup_error(f"{chromium} cannot render a page: {problem or 'empty DOM'}")
        for module in args.modules:
            site = f"http://{host}:{port}/{BASE_PATH}/{module}"
            if not check_module(module, site, chromium, args, profile_root, args.out_dir):
                failed = True
    server.shutdown()
    out_dir = os.path.relpath(args.out_dir)
    if out_dir.startswith(".."):
        out_dir = args.out_dir
    print(f"Rendered DOMs and screenshots in {out_dir}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
