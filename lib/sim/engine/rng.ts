// Seeded PRNG (sfc32): small, fast, and forkable into independent streams so that adding a feature that draws
// numbers from its own stream does not reshuffle every other stream.

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const HEX = "0123456789abcdef";
const HEX_CODES = Uint8Array.from(HEX, (c) => c.charCodeAt(0));
const B58_CODES = Uint8Array.from(B58, (c) => c.charCodeAt(0));
const SCRATCH = Buffer.alloc(256);

/** 32-bit string hash (FNV-1a then murmur finaliser). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  readonly seedKey: string;

  constructor(seed: number | string, words?: readonly [number, number]) {
    this.seedKey = String(seed);
    this.a = words ? words[0] >>> 0 : hash32(`a:${seed}`);
    this.b = words ? words[1] >>> 0 : hash32(`b:${seed}`);
    this.c = hash32(`c:${seed}`);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A stream named `name` seeded by two 32-bit words (a cheap key, no string to hash per stream). */
  static ofWords(name: string, hi: number, lo: number): Rng {
    return new Rng(name, [hi, lo]);
  }

  /** An independent stream named `name`, derived from this stream's seed (not from its position). */
  fork(name: string): Rng {
    return new Rng(`${this.seedKey}/${name}`);
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Index drawn with probability proportional to weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Standard normal (Box-Muller, one value per call for stream stability). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Exponential waiting time with the given mean. */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  hex(chars: number, prefix = ""): string {
    return this.encode(prefix, chars, HEX_CODES, "");
  }

  base58(chars: number, suffix = ""): string {
    return this.encode("", chars, B58_CODES, suffix);
  }

  /** prefix + `chars` random symbols + suffix, built in one byte buffer: a flat string, not a rope of pieces. */
  encode(prefix: string, chars: number, codes: Uint8Array, suffix: string): string {
    const n = prefix.length + chars + suffix.length;
    const buf = n <= SCRATCH.length ? SCRATCH : Buffer.alloc(n);
    buf.write(prefix, 0, "latin1");
    const off = prefix.length;
    if (codes.length === 16) {
      for (let i = 0; i < chars; i += 8) {
        let x = this.u32();
        for (let j = 0; j < 8 && i + j < chars; j++, x >>>= 4) buf[off + i + j] = codes[x & 15] as number;
      }
    } else {
      // Several symbols per draw: base^k below 2^32 (5 for base58).
      const base = codes.length;
      const per = Math.floor(32 / Math.log2(base));
      for (let i = 0; i < chars; i += per) {
        let x = this.u32();
        for (let j = 0; j < per && i + j < chars; j++) {
          buf[off + i + j] = codes[x % base] as number;
          x = Math.floor(x / base);
        }
      }
    }
    buf.write(suffix, prefix.length + chars, "latin1");
    return buf.toString("latin1", 0, n);
  }
}

export function evmAddress(rng: Rng): string {
  return rng.hex(40, "0x");
}

/** Solana account address: 43–44 base58 chars, optionally with a vanity suffix (launchpads grind them). */
export function solanaAddress(rng: Rng, suffix = ""): string {
  const len = (rng.chance(0.85) ? 44 : 43) - suffix.length;
  return rng.encode(B58[1 + (rng.u32() % 57)] as string, len - 1, B58_CODES, suffix);
}

export function evmTxHash(rng: Rng): string {
  return rng.hex(64, "0x");
}

export function solanaSignature(rng: Rng): string {
  return rng.base58(rng.chance(0.7) ? 88 : 87);
}
