"""langdetect 1.0.9 as lm-eval 0.4.13's IFEval runs it, the reference of Assay's langdetect.ts:
`langdetect.detect(value)`, its language checker treating LangDetectException as a pass.

lm-eval itself never sets `DetectorFactory.seed`, so there every detect() seeds from os.urandom
and a short or ambiguous text can get different answers run to run. Seed 0 (langdetect README's
advice for reproducible results) makes the reference deterministic; Assay reproduces it.

case: {"response": str}  ->  {"passed": True, "language": str | None}
(None when langdetect raises LangDetectException.)
"""

import langdetect

langdetect.DetectorFactory.seed = 0


def score(case: dict) -> dict:
    try:
        language = langdetect.detect(case["response"])
    except langdetect.LangDetectException:
        language = None
    return {"passed": True, "language": language}
