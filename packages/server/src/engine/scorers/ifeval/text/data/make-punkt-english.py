"""Writes punkt-english.json.gz: NLTK's English Punkt parameters (the punkt_tab model that
`nltk.data.load("tokenizers/punkt/english.pickle")` and `nltk.sent_tokenize` use since NLTK 3.9)
in one gzipped JSON file for punkt.ts.

Run with the agreement virtualenv, which has nltk and the punkt_tab data that llama-index-core
vendors:

    ../../../../../../../../agreement/.venv-3.11/bin/python make-punkt-english.py

The files are read by NLTK's own loader (load_punkt_params), so the sets hold exactly what NLTK's
tokenizer sees. The output is sorted and gzipped without a timestamp, so it is reproducible.
"""

import gzip
import json
import os
import sysconfig
from pathlib import Path

os.environ["NLTK_DATA"] = sysconfig.get_paths()["purelib"] + "/llama_index/core/_static/nltk_cache"

from nltk.data import find  # noqa: E402 (NLTK_DATA must be set first)
from nltk.tokenize.punkt import load_punkt_params  # noqa: E402

params = load_punkt_params(find("tokenizers/punkt_tab/english/"))
data = {
    "abbrevTypes": sorted(params.abbrev_types),
    "collocations": sorted(params.collocations),
    "sentStarters": sorted(params.sent_starters),
    "orthoContext": dict(sorted(params.ortho_context.items())),
}
text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
out = Path(__file__).with_name("punkt-english.json.gz")
with open(out, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
    gz.write(text)
print(f"wrote {out}: {len(data['abbrevTypes'])} abbreviations, {len(data['collocations'])} "
      f"collocations, {len(data['sentStarters'])} sentence starters, "
      f"{len(data['orthoContext'])} orthographic contexts")
