"""Scores agreement cases with a reference implementation.

    .venv-<version>/bin/python score.py <reference>  < cases.jsonl  > verdicts.jsonl

Each input line is one case (a JSON object: the response and what the reference needs besides it);
each output line is the reference's verdict for it, in the same order: a JSON object with at least
`passed` (bool), and whatever else that reference reports (the extracted answer, sub-scores).
`<reference>` names a module of references/ that defines `score(case: dict) -> dict`.
"""

import importlib
import json
import sys


def main() -> None:
    reference = importlib.import_module(f"references.{sys.argv[1]}")
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(reference.score(json.loads(line))), flush=False)


if __name__ == "__main__":
    main()
