import { isEvmAddress, isSolanaAddress, parseChainId } from "@/lib/api/core";
import { addFollow, cleanName, FOLLOW_MAX, type FollowedWallet, type FollowInput, indexOfFollow } from "./follows";

// Import and export of the followed wallets as JSON or CSV. An import is checked whole before anything changes: the
// first bad row is named and the list stays as it was.

export const EXPORT_FORMAT = "tradescope.tracker";
export const EXPORT_VERSION = 1;
/** Larger files are refused before parsing (a list of 100 wallets is ~10 KB). */
export const IMPORT_MAX_BYTES = 256 * 1024;
export const IMPORT_MAX_ROWS = 1_000;
const CSV_HEADER = ["chain", "address", "name"] as const;

export function exportJson(items: readonly FollowedWallet[]): string {
  const wallets = items.map((w) => ({ chain: w.chain, address: w.address, ...(w.name ? { name: w.name } : {}) }));
  return `${JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, wallets }, null, 2)}\n`;
}

// A spreadsheet runs a cell that starts with = + - @ as a formula: such names (and names already quoted so) are
// written behind one more quote mark, which the import removes again.
const FORMULA_START = /^'*[=+\-@\t\r]/;

function csvCell(v: string): string {
  const safe = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function exportCsv(items: readonly FollowedWallet[]): string {
  const lines = [CSV_HEADER.join(","), ...items.map((w) => [w.chain, w.address, w.name ?? ""].map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

/** RFC 4180 records with their first line number; throws a message naming the line of an unclosed quote. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: start, cells });
      cells = [];
      cell = "";
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) throw new Error(`Row ${start}: a quoted value is never closed`);
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: start, cells });
  }
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

const unformula = (v: string) => (v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v);

export type ImportResult =
  | { ok: true; items: FollowedWallet[]; added: number; renamed: number; format: "json" | "csv" }
  | { ok: false; message: string };

/** One row checked: a follow input, or the reason it is refused. */
function checkRow(where: string, chainRaw: unknown, addressRaw: unknown, nameRaw: unknown): FollowInput | string {
  const address = typeof addressRaw === "string" ? addressRaw.trim() : "";
  if (!address) return `${where}: no address`;
  const chainText = typeof chainRaw === "string" ? chainRaw.trim() : "";
  if (nameRaw !== undefined && nameRaw !== null && typeof nameRaw !== "string")
    return `${where}: the name must be text`;
  let chain = chainText;
  if (!chain) {
    if (isSolanaAddress(address)) chain = "solana";
    else if (isEvmAddress(address)) return `${where}: an EVM address needs its chain (for example evm:8453)`;
    else return `${where}: "${address.slice(0, 48)}" is not an EVM or Solana address`;
  }
  const c = parseChainId(chain);
  if (!c) return `${where}: unknown chain "${chain.slice(0, 24)}" (use evm:<chain id> or solana)`;
  const ok = c === "solana" ? isSolanaAddress(address) : isEvmAddress(address);
  if (!ok) return `${where}: "${address.slice(0, 48)}" is not ${c === "solana" ? "a Solana" : "an EVM"} address`;
  return { chain: c, address, name: typeof nameRaw === "string" ? nameRaw : undefined };
}

function readJson(text: string): FollowInput[] | string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return `Not valid JSON: ${e instanceof Error ? e.message.slice(0, 120) : "parse error"}`;
  }
  const list = Array.isArray(doc) ? doc : (doc as { wallets?: unknown } | null)?.wallets;
  if (!Array.isArray(list)) return 'JSON must be a list of wallets or an object with a "wallets" list';
  if (list.length > IMPORT_MAX_ROWS) return `Too many wallets: ${list.length} (at most ${IMPORT_MAX_ROWS} rows)`;
  const out: FollowInput[] = [];
  for (const [i, entry] of list.entries()) {
    const where = `Wallet ${i + 1}`;
    if (typeof entry === "string") {
      const r = checkRow(where, undefined, entry, undefined);
      if (typeof r === "string") return r;
      out.push(r);
      continue;
    }
    if (!entry || typeof entry !== "object" || Array.isArray(entry))
      return `${where}: expected an object like {"chain": "solana", "address": "…", "name": "…"}`;
    const o = entry as Record<string, unknown>;
    const r = checkRow(where, o.chain, o.address ?? o.wallet, o.name);
    if (typeof r === "string") return r;
    out.push(r);
  }
  return out;
}

function readCsv(text: string): FollowInput[] | string {
  let rows: ReturnType<typeof parseCsv>;
  try {
    rows = parseCsv(text);
  } catch (e) {
    return e instanceof Error ? e.message : "Unreadable CSV";
  }
  const head = rows[0]?.cells.map((c) => c.trim().toLowerCase());
  let cols = { chain: 0, address: 1, name: 2 };
  if (head?.includes("address")) {
    cols = { chain: head.indexOf("chain"), address: head.indexOf("address"), name: head.indexOf("name") };
    rows = rows.slice(1);
  }
  if (rows.length > IMPORT_MAX_ROWS) return `Too many rows: ${rows.length} (at most ${IMPORT_MAX_ROWS})`;
  const out: FollowInput[] = [];
  for (const { line, cells } of rows) {
    const at = (i: number) => (i >= 0 ? cells[i] : undefined);
    const name = at(cols.name);
    const r = checkRow(
      `Row ${line}`,
      at(cols.chain),
      at(cols.address),
      name === undefined ? undefined : unformula(name),
    );
    if (typeof r === "string") return r;
    out.push(r);
  }
  return out;
}

/**
 * Reads an exported (or hand-written) list and merges it into `current`: new wallets are added, known ones take the
 * file's name. Nothing is applied unless every row is valid and the result stays within FOLLOW_MAX.
 */
export function importFollows(current: readonly FollowedWallet[], text: string, now: number): ImportResult {
  if (text.length > IMPORT_MAX_BYTES)
    return { ok: false, message: `File too large (at most ${IMPORT_MAX_BYTES / 1024} KB)` };
  const body = text.replace(/^\uFEFF/, "").trim();
  if (!body) return { ok: false, message: "The file is empty" };
  const format = body.startsWith("{") || body.startsWith("[") ? "json" : "csv";
  const read = format === "json" ? readJson(body) : readCsv(body);
  if (typeof read === "string") return { ok: false, message: read };
  if (read.length === 0) return { ok: false, message: "No wallets in the file" };
  let items = current.slice();
  let added = 0;
  let renamed = 0;
  // Oldest row first, so the file's first wallet ends up on top, as exported.
  for (const input of [...read].reverse()) {
    const known = indexOfFollow(items, input.chain, input.address);
    const name = cleanName(input.name);
    if (known < 0 && items.length >= FOLLOW_MAX)
      return {
        ok: false,
        message: `Following these would pass the limit of ${FOLLOW_MAX} wallets (you follow ${current.length}); nothing was imported`,
      };
    const r = addFollow(items, input, now);
    if (!r.ok) return { ok: false, message: "A row could not be added" };
    if (known < 0) added++;
    else if (name && items[known]?.name !== name) renamed++;
    items = r.items;
  }
  return { ok: true, items, added, renamed, format };
}
