import { Rng } from "./rng";

// A tx id made of 64 random bits: they are written at its start (EVM: the first 16 hex digits; Solana: the first 12
// base58 digits, least significant first, so its first character is as random as any), and the rest is drawn from a
// stream they seed. It reads as any random id, and the index, which keeps millions of rows, stores those two words
// (8 bytes, against 32 for an EVM hash and 88 for a Solana signature) and writes the id again when a row is read.

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const B58_CODES = Uint8Array.from(B58, (c) => c.charCodeAt(0));
const B58_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < B58.length; i++) B58_VALUE[B58.charCodeAt(i)] = i;
/** Base58 digits that hold a 32-bit word (58^6 > 2^32). */
const WORD_DIGITS = 6;
const EVM_ID = /^0x[0-9a-f]{64}$/;
const HEX8 = /^[0-9a-f]{8}$/;

function word58(x: number): string {
  let s = "";
  for (let k = 0; k < WORD_DIGITS; k++, x = Math.floor(x / 58)) s += B58[x % 58];
  return s;
}

/** The id of the tx keyed by `hi` and `lo` (two 32-bit words). */
export function txId(solana: boolean, hi: number, lo: number): string {
  hi >>>= 0;
  lo >>>= 0;
  const rest = Rng.ofWords("tx", hi, lo);
  if (!solana) return rest.hex(48, `0x${hi.toString(16).padStart(8, "0")}${lo.toString(16).padStart(8, "0")}`);
  // 87 or 88 characters, as base58 signatures of 64 bytes are
  const len = rest.chance(0.7) ? 88 : 87;
  return rest.encode(word58(hi) + word58(lo), len - 2 * WORD_DIGITS, B58_CODES, "");
}

/** The two words `tx` was made from by `txId`, or null when it is not such an id. */
export function txWords(solana: boolean, tx: string): [number, number] | null {
  let hi: number;
  let lo: number;
  if (!solana) {
    if (!EVM_ID.test(tx)) return null;
    const a = tx.slice(2, 10);
    const b = tx.slice(10, 18);
    if (!HEX8.test(a) || !HEX8.test(b)) return null;
    hi = Number.parseInt(a, 16);
    lo = Number.parseInt(b, 16);
  } else {
    if (tx.length < 87 || tx.length > 88) return null;
    const w = [0, 0];
    for (let j = 0; j < 2; j++) {
      let x = 0;
      for (let k = WORD_DIGITS - 1; k >= 0; k--) {
        const code = tx.charCodeAt(j * WORD_DIGITS + k);
        const v = code < 128 ? (B58_VALUE[code] as number) : -1;
        if (v < 0) return null;
        x = x * 58 + v;
      }
      if (x >= 2 ** 32) return null;
      w[j] = x;
    }
    [hi, lo] = w as [number, number];
  }
  return txId(solana, hi, lo) === tx ? [hi, lo] : null;
}
