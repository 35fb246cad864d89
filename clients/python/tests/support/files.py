"""Files the tests upload, written into a temporary directory."""

import json
from pathlib import Path
from typing import Any, Dict, Iterable


def write_jsonl(path: Path, rows: Iterable[Dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def sparse_file(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no disk space (its bytes are never written)."""
    with open(path, "wb") as handle:
        handle.truncate(size)
    return path


#: Five sums; the fake model gets the one marked [wrong] wrong, so accuracy is 0.8.
ARITHMETIC_ROWS = [
    {"input": "Q1: What is 2 + 3?", "truth": "5", "subset": "small"},
    {"input": "Q2: What is 10 + 20?", "truth": "30", "subset": "small"},
    {"input": "Q3: [wrong] What is 7 + 7?", "truth": "14", "subset": "small"},
    {"input": "Q4: What is 100 + 23?", "truth": "123", "subset": "large"},
    {"input": "Q5: What is 400 + 44?", "truth": "444", "subset": "large"},
]

#: Three traces; the fake judge passes the ones that mention Paris.
TRACE_ROWS = [
    {"input": "What is the capital of France?", "output": "Paris is the capital of France."},
    {"input": "What is the capital of Spain?", "output": "Madrid."},
    {"input": [{"role": "user", "content": "Name a city in France."}], "output": "Paris."},
]
