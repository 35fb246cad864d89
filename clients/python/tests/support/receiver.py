"""
A webhook receiver on 127.0.0.1, in a thread, for the real server's integration deliveries: it
records every request (headers and the raw body, as signed) and answers with the status the test
set, so a test can check a delivery's signature and what the delivery log says of the answer.
"""

import hashlib
import hmac
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Tuple


@dataclass
class Received:
    path: str
    headers: Dict[str, str]
    #: The raw body, exactly as signed.
    body: str


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        receiver: Receiver = self.server.receiver  # type: ignore[attr-defined]
        status, text = receiver.reply
        with receiver.lock:
            receiver.requests.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class Receiver:
    def __init__(self) -> None:
        self.requests: List[Received] = []
        self.lock = threading.Lock()
        #: The status and text every request is answered with.
        self.reply: Tuple[int, str] = (200, "thanks")
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        self._server.receiver = self  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), name="receiver", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return "http://127.0.0.1:{}/hooks/assay".format(self._server.server_address[1])

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def signature_matches(secret: str, received: Received) -> bool:
    """Whether ``Assay-Signature`` (``t=…,v1=…``) is the HMAC-SHA256 of ``"<t>.<body>"`` under ``secret``."""
    parts = dict(part.strip().split("=", 1) for part in received.headers["assay-signature"].split(","))
    expected = hmac.new(secret.encode(), "{}.{}".format(parts["t"], received.body).encode(), hashlib.sha256)
    return hmac.compare_digest(expected.hexdigest(), parts["v1"])
