"""Lighthouse scores of the built site, as a reader on a phone gets it. Not a test: the suite
never needs node. It builds the site, serves it gzip-compressed under site_url's path (/guide/)
as GitHub Pages does, and runs Lighthouse (npm `lighthouse`, installed into a temporary folder,
never into the repository) with its mobile settings against Debian's Chromium:

    .venv/bin/python tests/benchmarks/lighthouse_scores.py [--site DIR] [--runs N]

It prints the four category scores (performance, accessibility, best practices, SEO) for the
home page, a RoPE page, the sinusoidal page and a notebook page, in every language; with
--runs N each figure is the median of N runs.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

from hooks.core.project import Project
from hooks.core.urls import language_root

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = "lighthouse@12.8.2"
PAGES = {
    "home": "",
    "RoPE idea": "rope/idea/",
    "sinusoidal": "positions/sinusoidal/",
    "notebook": "embeddings/embedding-vs-linear-notebook/",
    "RoPE properties (the dial)": "rope/properties/",
    "long context (the explorer)": "rope/long-context/",
}
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".svg", ".xml", ".txt", ".ipynb")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files under a path prefix, gzip-compressed when the browser accepts it."""

    prefix = "/"

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        path = urlsplit(path).path
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "no-such-file")
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()
            path = path / "index.html"
        if (
            not path.is_file()
            or path.suffix not in COMPRESSIBLE
            or "gzip" not in self.headers.get("Accept-Encoding", "")
        ):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.end_headers()
        return io.BytesIO(body)


def build(site: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


def serve(site: Path, prefix: str) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = type("Handler", (GzipHandler,), {"prefix": prefix})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_port}{prefix}"


def install_lighthouse(folder: Path) -> Path:
    subprocess.run(
        ["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(folder), LIGHTHOUSE],
        check=True,
        capture_output=True,
    )
    return folder / "node_modules" / ".bin" / "lighthouse"


CHROMIUM = Path("/usr/bin/chromium")  # Debian's; Lighthouse drives it as a full browser


def scores(lighthouse: Path, url: str, output: Path) -> dict[str, int]:
    subprocess.run(
        [
            str(lighthouse),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={output}",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
            f"--only-categories={','.join(CATEGORIES)}",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
        capture_output=True,
    )
    report = json.loads(output.read_text(encoding="utf-8"))
    return {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the median is printed")
    parser.add_argument("--pages", nargs="*", help="only these pages (their names above)")
    parser.add_argument("--languages", nargs="*", help="only these languages (en, zh, ko, pl)")
    args = parser.parse_args()
    if not CHROMIUM.is_file():
        sys.exit(
            f"no Chromium at {CHROMIUM}: the scores are measured in Debian's full Chromium "
            "(apt-get install chromium), not in the headless shell the browser tests use"
        )
    project = Project(ROOT)
    prefix = urlsplit(project.mkdocs_config.get("site_url") or "/").path or "/"
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or Path(scratch) / "site"
        if not args.site:
            build(site)
        lighthouse = install_lighthouse(Path(scratch) / "npm")
        httpd, base = serve(site, prefix if prefix.endswith("/") else prefix + "/")
        print(f"Lighthouse {LIGHTHOUSE.split('@')[1]}, mobile, gzip, {base}; median of {args.runs} run(s)")
        print(f"| language | page | {' | '.join(CATEGORIES)} |")
        print("| --- | --- |" + " --- |" * len(CATEGORIES))
        try:
            for language in project.languages:
                if args.languages and language not in args.languages:
                    continue
                for name, path in PAGES.items():
                    if args.pages and name not in args.pages:
                        continue
                    url = base + language_root(project, language) + path
                    runs = [scores(lighthouse, url, Path(scratch) / "report.json") for _ in range(args.runs)]
                    median = {c: int(statistics.median(r[c] for r in runs)) for c in CATEGORIES}
                    print(
                        f"| {language} | {name} | " + " | ".join(str(median[c]) for c in CATEGORIES) + " |", flush=True
                    )
        finally:
            httpd.shutdown()


if __name__ == "__main__":
    main()
