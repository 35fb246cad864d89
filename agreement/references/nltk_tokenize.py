"""NLTK 3.10.4's English tokenizers as lm-eval 0.4.13's IFEval runs them, the reference of
Assay's punkt.ts and word-tokenize.ts: `count_sentences` from lm-eval's own instructions_util
(the punkt_tab English model behind `nltk.data.load("nltk:tokenizers/punkt/english.pickle")`)
and `nltk.word_tokenize`.

The English punkt_tab files are the copy llama-index-core vendors, so no download is needed:
NLTK_DATA points there before nltk is imported.

case: {"response": str}  ->  {"passed": True, "sentences": int, "words": [str]}
"""

import os
import sysconfig

os.environ["NLTK_DATA"] = sysconfig.get_paths()["purelib"] + "/llama_index/core/_static/nltk_cache"

import nltk  # noqa: E402 (NLTK_DATA must be set first)

from references.load import load_module  # noqa: E402

instructions_util = load_module(
    "lm_eval.tasks.ifeval.instructions_util", "lm_eval/tasks/ifeval/instructions_util.py"
)


def score(case: dict) -> dict:
    response = case["response"]
    return {
        "passed": True,
        "sentences": instructions_util.count_sentences(response),
        "words": nltk.word_tokenize(response),
    }
