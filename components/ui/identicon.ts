import { boundedMemo } from "@/lib/format/memo";

// Deterministic avatar from an address: a two-colour gradient and a mirrored 5×5 pattern. No network, no image.

/** Drawing grid (SVG user units): a disc of diameter 50 with the 5×5 pattern of 6-unit cells centred on it. */
export const IDENTICON_VIEWBOX = 50;
const CELL = 6;
const INSET = 10;

/** FNV-1a, 32-bit. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function xorshift(seed: number): () => number {
  let x = seed || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

export interface Identicon {
  /** Stable id fragment (same seed, same id: repeated definitions on a page are identical). */
  key: string;
  from: string;
  to: string;
  /** 25 cells, row-major, mirrored left to right. */
  cells: boolean[];
  /** The filled cells as grid positions (column, row). */
  filled: { col: number; row: number }[];
  /** SVG path data of the filled cells (one rectangle per horizontal run), in a 50×50 viewBox. */
  path: string;
}

/** One `M…z` rectangle per run of filled cells in a row: whole numbers, so a face is ~100 bytes of markup. */
export function identiconPath(cells: readonly boolean[]): string {
  let d = "";
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 5; ) {
      if (!cells[row * 5 + col]) {
        col++;
        continue;
      }
      let end = col;
      while (end < 5 && cells[row * 5 + end]) end++;
      const w = (end - col) * CELL;
      d += `M${INSET + col * CELL} ${INSET + row * CELL}h${w}v${CELL}h-${w}z`;
      col = end;
    }
  }
  return d;
}

/** Faces kept, newest used last: a tape or board draws the same makers again on every update. */
export const IDENTICON_CACHE_MAX = 512;
const faces = boundedMemo(draw, IDENTICON_CACHE_MAX);

export function identicon(seed: string): Identicon {
  // EVM addresses are case-insensitive (§1.8): the same wallet gets the same face however it is written.
  return faces(seed.startsWith("0x") ? seed.toLowerCase() : seed);
}

function draw(norm: string): Identicon {
  const h = fnv1a(norm);
  const rand = xorshift(h);
  const hue = Math.floor(rand() * 360);
  const hue2 = (hue + 40 + Math.floor(rand() * 100)) % 360;
  const cells: boolean[] = new Array(25).fill(false);
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      const on = rand() < 0.5;
      cells[row * 5 + col] = on;
      cells[row * 5 + (4 - col)] = on;
    }
  }
  const filled = cells.flatMap((on, i) => (on ? [{ col: i % 5, row: Math.floor(i / 5) }] : []));
  return {
    key: h.toString(36),
    from: `hsl(${hue} 70% 55%)`,
    to: `hsl(${hue2} 65% 32%)`,
    cells,
    filled,
    path: identiconPath(cells),
  };
}
