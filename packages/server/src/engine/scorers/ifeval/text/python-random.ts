/**
 * The parts of CPython 3.11's `random.Random` that langdetect uses (`seed` with an int, `random`,
 * `choice`, `gauss`), bit for bit. langdetect seeds a fresh Random with `DetectorFactory.seed` and
 * samples n-grams and smoothing from it, so its answer on a short or ambiguous text depends on the
 * exact stream of CPython's Mersenne Twister (Modules/_randommodule.c) and the exact arithmetic of
 * Lib/random.py.
 *
 * One part cannot be computed bit for bit here: `gauss` calls the C library's log, cos and sin,
 * and V8's (fdlibm ports) differ from glibc's in the last bit on a few percent of inputs. So a
 * caller that always uses one seed can pass the pairs CPython computed for each stream offset
 * (`gaussPairs`, made by running CPython); `gauss` uses them and falls back to Math beyond them.
 */

const N = 624;
const M = 397;
const TWO_PI = 2 * Math.PI;

export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;
  /** `gauss` makes its values in pairs and keeps the second for the next call. */
  private gaussNext: number | null = null;
  /** 32-bit words drawn since the last `seed`: where `gauss` looks its pair up. */
  private drawn = 0;
  private readonly gaussPairs: Float64Array | undefined;

  /**
   * `gaussPairs[2q]` and `gaussPairs[2q + 1]`, when given, are the values CPython's `gauss` makes
   * when its first `random()` starts at word q after seeding with `seed`; only valid for that seed.
   */
  constructor(seed = 0, gaussPairs?: Float64Array) {
    this.gaussPairs = gaussPairs;
    this.seed(seed);
  }

  /** `Random.seed(n)` for a non-negative int: init_by_array over n's 32-bit words, low first. */
  seed(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`unsupported seed ${n}`);
    const key: number[] = [];
    for (let rest = n; rest > 0; rest = Math.floor(rest / 2 ** 32)) key.push(rest % 2 ** 32);
    if (key.length === 0) key.push(0);
    this.initByArray(key);
    this.gaussNext = null;
    this.drawn = 0;
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = (Math.imul(1812433253, prev ^ (prev >>> 30)) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** genrand_uint32: the next 32-bit output of MT19937. */
  private nextUint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let kk = 0; kk < N; kk++) {
        const y = (mt[kk]! & 0x80000000) | (mt[(kk + 1) % N]! & 0x7fffffff);
        mt[kk] = mt[(kk + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    this.drawn++;
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `random()`: genrand_res53, a double in [0, 1) from 53 random bits. */
  random(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  /** `getrandbits(k)` for 0 < k <= 32: the top k bits of one output. */
  private getrandbits(k: number): number {
    return this.nextUint32() >>> (32 - k);
  }

  /** `_randbelow_with_getrandbits(n)`: rejection sampling over n's bit length. */
  private randbelow(n: number): number {
    const k = 32 - Math.clz32(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** `choice(seq)` (n.b. lengths up to 2**32, all langdetect needs). */
  choice<T>(seq: readonly T[]): T {
    if (seq.length === 0) throw new RangeError("Cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)]!;
  }

  /**
   * `gauss(mu, sigma)`: Box–Muller, in Python's operation order, taking CPython's own pair from
   * `gaussPairs` when it covers the current offset (see above).
   */
  gauss(mu = 0.0, sigma = 1.0): number {
    let z = this.gaussNext;
    this.gaussNext = null;
    if (z === null) {
      const offset = this.drawn;
      const x2pi = this.random() * TWO_PI;
      const g2rad = Math.sqrt(-2.0 * Math.log(1.0 - this.random()));
      const pairs = this.gaussPairs;
      if (pairs && 2 * offset + 1 < pairs.length) {
        z = pairs[2 * offset]!;
        this.gaussNext = pairs[2 * offset + 1]!;
      } else {
        z = Math.cos(x2pi) * g2rad;
        this.gaussNext = Math.sin(x2pi) * g2rad;
      }
    }
    return mu + z * sigma;
  }
}
