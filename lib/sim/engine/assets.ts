// Token icons and wallet avatars the market serves itself (GET {base}/assets/token/<id>.svg, …/avatar/<id>.svg),
// so a client of the embedded market never reaches for a host off the machine. Drawn from the id alone: the same
// id always gives the same picture, with no state kept.

/** Where asset URLs point when no server is attached (the engine used on its own in tests). */
export const DETACHED_ASSET_BASE = "https://assets.sim-market.invalid";

export type AssetKind = "token" | "avatar";

export const assetUrl = (base: string, kind: AssetKind, id: string) => `${base}/${kind}/${id}.svg`;

/** `/assets/<kind>/<id>.svg` → its kind and id (ids are letters and digits only), else null. */
export function parseAssetPath(path: string): { kind: AssetKind; id: string } | null {
  const m = /^\/assets\/(token|avatar)\/([A-Za-z0-9]{1,64})\.svg$/.exec(path);
  return m ? { kind: m[1] as AssetKind, id: m[2] as string } : null;
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A round icon: two-tone gradient and a glyph (ring, diamond, bars or a 5×5 mirrored pattern), all from the id. */
export function assetSvg(kind: AssetKind, id: string): string {
  const h = hash(`${kind}:${id}`);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  const bg = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 52%)"/><stop offset="1" stop-color="hsl(${hue2} 65% 32%)"/></linearGradient></defs><circle cx="32" cy="32" r="32" fill="url(#g)"/>`;
  const fg = 'fill="rgba(255,255,255,0.88)"';
  let glyph: string;
  if (kind === "avatar") {
    const cells: string[] = [];
    for (let y = 0; y < 5; y++)
      for (let x = 0; x < 3; x++)
        if ((h >>> ((y * 3 + x) % 31)) & 1) {
          cells.push(`<rect x="${12 + x * 8}" y="${12 + y * 8}" width="8" height="8" ${fg}/>`);
          if (x < 2) cells.push(`<rect x="${12 + (4 - x) * 8}" y="${12 + y * 8}" width="8" height="8" ${fg}/>`);
        }
    glyph = cells.join("");
  } else {
    const shape = (h >>> 17) % 4;
    glyph =
      shape === 0
        ? `<circle cx="32" cy="32" r="14" fill="none" stroke="rgba(255,255,255,0.88)" stroke-width="7"/>`
        : shape === 1
          ? `<path d="M32 14 50 32 32 50 14 32Z" ${fg}/>`
          : shape === 2
            ? `<path d="M19 42h7V26h-7zM29 42h7V18h-7zM39 42h7V30h-7z" ${fg}/>`
            : `<path d="M32 15 47 41H17Z" ${fg}/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${bg}${glyph}</svg>`;
}
