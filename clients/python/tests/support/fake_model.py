"""
A fake OpenAI-compatible chat-completions endpoint, in a thread, for the real server's workers:

- a judge prompt (the server's nonce-delimited trace) gets a verdict: it passes when the trace
  mentions Paris, or always when the judge's goal says ``[lenient]`` (after 3 seconds when the
  trace says ``[slow]``);
- an optimizer prompt gets a rewritten goal that says ``[lenient]``;
- any other prompt with ``What is A + B?`` gets ``#### A+B`` (``#### A+B+1`` when it also says
  ``[wrong]``, or ``[flaky]`` under an odd ``seed``: a run with repeats sends seed + i to repeat
  i), and ``[slow]`` makes the answer take 5 seconds;
- anything else gets "I do not know.".
"""

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List

#: What the fake optimizer proposes; a judge with this goal passes every trace.
LENIENT_GOAL = "Pass every answer that responds to the question. [lenient]"

_SUM = re.compile(r"What is (\d+) \+ (\d+)\?")


def _reply(messages: List[Dict[str, Any]], seed: int) -> str:
    system = next((str(m.get("content", "")) for m in messages if m.get("role") == "system"), "")
    users = [str(m.get("content", "")) for m in messages if m.get("role") == "user"]
    last = users[-1] if users else ""
    if "You improve the evaluation goal" in system:
        return json.dumps({"critique": "People pass every answer.", "goal": LENIENT_GOAL})
    if "tags ending in" in system:
        if "[slow]" in last:
            time.sleep(3)
        passed = "[lenient]" in system or "Paris" in last
        reasoning = "The answer names Paris." if passed else "The answer does not name Paris."
        return json.dumps({"reasoning": reasoning, "score": 0.9 if passed else 0.1, "passed": passed})
    match = _SUM.search(last)
    if match is None:
        return "I do not know."
    if "[slow]" in last:
        time.sleep(5)
    wrong = "[wrong]" in last or ("[flaky]" in last and seed % 2 == 1)
    total = int(match.group(1)) + int(match.group(2)) + (1 if wrong else 0)
    return "Let me add.\n#### {}".format(total)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            request = json.loads(self.rfile.read(length) or b"{}")
            messages = request["messages"]
        except (ValueError, KeyError):
            self._send(400, {"error": {"message": "not a chat completion request"}})
            return
        self.server.requests += 1  # type: ignore[attr-defined]
        content = _reply(messages, int(request.get("seed") or 0))
        self._send(
            200,
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": 0,
                "model": request.get("model", "fake"),
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                ],
                "usage": {"prompt_tokens": 30, "completion_tokens": 12, "total_tokens": 42},
            },
        )

    def _send(self, status: int, payload: Dict[str, Any]) -> None:
        data = json.dumps(payload).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server gave up on this call (a cancelled evaluation)


class FakeModelServer:
    def __init__(self) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._server.daemon_threads = True
        self._server.requests = 0  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), name="fake-model", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """The base URL of its OpenAI-compatible API (``…/v1``)."""
        return "http://127.0.0.1:{}/v1".format(self._server.server_address[1])

    @property
    def requests(self) -> int:
        return self._server.requests  # type: ignore[attr-defined,no-any-return]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
