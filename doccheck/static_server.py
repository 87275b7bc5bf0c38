"""The built site on 127.0.0.1 under site_url's path (e.g. /guide/), as GitHub Pages serves it: a
missing path gets the root 404.html with status 404.

It runs as a process of its own (``SiteServer``), so that a browser's requests are answered at
once even while the test process is busy: a server thread inside pytest would wait for the GIL.
Run alone: ``python -m doccheck.static_server <site folder> <path prefix>`` prints its port.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
from pathlib import Path


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "no-such-file")
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser that moved on to the next page closes its connections mid-answer: not an error
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(folder: Path, prefix: str) -> None:
    handler = type("SiteHandler", (_Handler,), {"prefix": prefix})
    httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    print(httpd.server_port, flush=True)
    httpd.serve_forever()


class SiteServer:
    """The server process for one folder; ``url`` ends with the prefix."""

    def __init__(self, folder: Path, prefix: str) -> None:
        prefix = prefix if prefix.endswith("/") else prefix + "/"
        self._process = subprocess.Popen(
            [sys.executable, "-m", "doccheck.static_server", str(folder), prefix],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self._process.stdout is not None
        port = self._process.stdout.readline().strip()
        if not port.isdigit():
            self._process.kill()
            raise RuntimeError(f"the static server for {folder} did not start (it printed {port!r})")
        self.url = f"http://127.0.0.1:{port}{prefix}"

    def close(self) -> None:
        self._process.terminate()
        self._process.wait(timeout=10)


if __name__ == "__main__":
    serve(Path(sys.argv[1]), sys.argv[2])
