"""Writes langdetect-profiles.json.gz: langdetect 1.0.9's 55 language profiles and the
normalization tables of its messages.properties, in one gzipped JSON file for ../langdetect.ts.

Run with the agreement virtualenv, which has langdetect 1.0.9 installed:

    ../../../../../../../../agreement/.venv-3.11/bin/python make-langdetect-profiles.py

- `langs`: the language order of langdetect's own factory. It loads the profiles in `os.listdir`
  order (filesystem order, not sorted), and that order decides ties and the order of the float
  sums, so it is stored as the reference's factory ends up with it.
- `profiles`: each profile's `freq` and `n_words`, as in its JSON file.
- `latin1Excluded`, `toNormalizeViChars`, `dmarkClass`, `normalizedViChars`, `cjkClasses`: the
  strings NGram reads from messages.properties, decoded by langdetect's own `messages` module.
- `upperRanges`: the code points for which this Python's `str.isupper` is true (its Unicode
  version, not Node's), as inclusive [first, last] ranges.
- `gaussSeed0`: for each offset q (in 32-bit Mersenne Twister words) of `random.Random(0)`'s
  stream below GAUSS_OFFSETS, the pair `gauss()` makes when its first `random()` starts at word q,
  flattened. CPython computes it with the C library's log, cos and sin, which differ from V8's
  fdlibm ones in the last bit on a few percent of inputs; langdetect always seeds with 0 and draws
  at most 7 * 1001 n-grams (two words each on average) before its last fresh pair, so its pairs
  all start below GAUSS_OFFSETS and the table makes them exactly CPython's, as this machine's
  libm computes them.

The output is gzipped without a timestamp, so it is reproducible.
"""

import gzip
import json
import math
import random
from pathlib import Path

from langdetect import detector_factory
from langdetect.utils.messages import get_string
from langdetect.utils.ngram import NGram

detector_factory.init_factory()
langs = detector_factory._factory.langlist
profiles_dir = Path(detector_factory.PROFILES_DIRECTORY)
profiles = {}
for lang in langs:
    profile = json.loads((profiles_dir / lang).read_text(encoding="utf-8"))
    assert profile["name"] == lang
    profiles[lang] = {"freq": profile["freq"], "n_words": profile["n_words"]}

upper_ranges = []
for cp in range(0x110000):
    if chr(cp).isupper():
        if upper_ranges and upper_ranges[-1][1] == cp - 1:
            upper_ranges[-1][1] = cp
        else:
            upper_ranges.append([cp, cp])

GAUSS_OFFSETS = 16384
TWOPI = 2.0 * math.pi
stream = random.Random(0)
words = [stream.getrandbits(32) for _ in range(GAUSS_OFFSETS + 3)]


def random_at(q):
    """random.random() (genrand_res53) made from words q and q + 1 of the stream."""
    return ((words[q] >> 5) * 67108864.0 + (words[q + 1] >> 6)) * (1.0 / 9007199254740992.0)


gauss_seed0 = []
for q in range(GAUSS_OFFSETS):
    # random.Random.gauss's Box-Muller step, operation for operation.
    x2pi = random_at(q) * TWOPI
    g2rad = math.sqrt(-2.0 * math.log(1.0 - random_at(q + 2)))
    gauss_seed0 += [math.cos(x2pi) * g2rad, math.sin(x2pi) * g2rad]
for q in (0, 1, 7, 1000, GAUSS_OFFSETS - 1):  # the pairs are what Random.gauss returns
    check = random.Random(0)
    for _ in range(q):
        check.getrandbits(32)
    assert [check.gauss(0.0, 1.0), check.gauss(0.0, 1.0)] == gauss_seed0[2 * q : 2 * q + 2]

data = {
    "langs": langs,
    "profiles": profiles,
    "latin1Excluded": NGram.LATIN1_EXCLUDED,
    "toNormalizeViChars": NGram.TO_NORMALIZE_VI_CHARS,
    "dmarkClass": NGram.DMARK_CLASS,
    "normalizedViChars": NGram.NORMALIZED_VI_CHARS,
    "cjkClasses": NGram.CJK_CLASS,
    "upperRanges": upper_ranges,
    "gaussSeed0": gauss_seed0,
}
text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
out = Path(__file__).with_name("langdetect-profiles.json.gz")
with open(out, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
    gz.write(text)
print(f"wrote {out}: {len(langs)} profiles, {len(NGram.CJK_CLASS)} CJK classes, "
      f"{len(upper_ranges)} uppercase ranges")
