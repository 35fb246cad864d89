"""
A small HTTP server, in a thread, whose answers a test scripts: for the transport behaviours a real
Assay server will not show on demand (403, 429 and 5xx with ``Retry-After``, slow answers, broken
connections, invalid bodies). ``GET …/organizations`` answers a valid organization unless scripted.
"""

import json
import threading
import time
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Deque, Dict, List, Optional, Tuple, Union

ORGANIZATION = {
    "status": "success",
    "data": {"id": "org-1", "name": "Acme", "projects": [{"id": "proj-1", "name": "Default"}]},
}


class Reply:
    """One scripted answer: a status with a JSON (or text) body, after ``delay`` seconds; or a reset."""

    def __init__(
        self,
        status: int = 200,
        body: Union[Dict[str, Any], List[Any], str, None] = None,
        headers: Optional[Dict[str, str]] = None,
        delay: float = 0.0,
        reset: bool = False,
    ) -> None:
        self.status = status
        self.body = body
        self.headers = headers or {}
        self.delay = delay
        self.reset = reset


class Recorded:
    def __init__(self, method: str, path: str, headers: Dict[str, str], body: bytes) -> None:
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.at = time.monotonic()

    def json(self) -> Any:
        return json.loads(self.body)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def _handle(self) -> None:
        server: _Server = self.server  # type: ignore[assignment]
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        headers = {k.lower(): v for k, v in self.headers.items()}
        server.requests.append(Recorded(self.command, self.path, headers, body))
        reply = server.next_reply(self.command, self.path)
        if reply.delay:
            time.sleep(reply.delay)
        if reply.reset:
            self.close_connection = True
            try:
                import socket
                import struct

                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.connection.close()
            except OSError:
                pass
            return
        text = reply.body if isinstance(reply.body, str) else ("" if reply.body is None else json.dumps(reply.body))
        data = text.encode()
        try:
            self.send_response(reply.status)
            content_type = "text/plain" if isinstance(reply.body, str) else "application/json"
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("x-request-id", "req-{}".format(len(server.requests)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _handle


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.requests: List[Recorded] = []
        self.script: Deque[Tuple[Optional[str], Reply]] = deque()
        self.lock = threading.Lock()

    def next_reply(self, method: str, path: str) -> Reply:
        with self.lock:
            for index, (prefix, reply) in enumerate(self.script):
                if prefix is None or path.split("?")[0].endswith(prefix):
                    del self.script[index]
                    return reply
        if path.split("?")[0].endswith("/organizations"):
            return Reply(200, ORGANIZATION)
        return Reply(500, {"error": {"message": "nothing scripted for {} {}".format(method, path)}})


class ScriptedServer:
    def __init__(self) -> None:
        self._server = _Server()
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), name="scripted", daemon=True)
        self._thread.start()

    @property
    def origin(self) -> str:
        return "http://127.0.0.1:{}".format(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return self.origin + "/api/v1"

    def script(self, *replies: Reply, path: Optional[str] = None) -> None:
        """Queues answers, taken in order by requests whose path ends with ``path`` (any when None)."""
        with self._server.lock:
            for reply in replies:
                self._server.script.append((path, reply))

    @property
    def requests(self) -> List[Recorded]:
        return list(self._server.requests)

    def requests_to(self, suffix: str) -> List[Recorded]:
        return [r for r in self.requests if r.path.split("?")[0].endswith(suffix)]

    def reset(self) -> None:
        with self._server.lock:
            self._server.requests.clear()
            self._server.script.clear()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
