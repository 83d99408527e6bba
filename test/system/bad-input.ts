import fc from "fast-check";
import { ENDPOINT_LIST, type EndpointDef } from "@/lib/api/endpoints";
import {
  type Case,
  invalidCases,
  type Notable as RegistryNotable,
  validCases,
} from "@/lib/server/testing/registry-cases";
import type { System } from "./harness";
import { check, notable, openStream, pool, sleep, upstreamReceived } from "./util";

// ≥5,000 generated requests over every /api/v1 route and the stream protocol: no 5xx, every error a JSON body with
// error.code, and not one upstream request for an invalid one (the market counts every request it receives).

const SEED = 20_261_125;
const byId = new Map(ENDPOINT_LIST.map((d) => [d.id, d]));

interface Req {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
}

function toReq(c: Case): Req {
  const def = byId.get(c.id) as EndpointDef;
  const qs = new URLSearchParams(c.query ?? {}).toString();
  const path = `/api${def.path}${qs ? `?${qs}` : ""}`;
  return def.method === "POST"
    ? { method: "POST", path, body: JSON.stringify(c.body ?? {}), contentType: "application/json" }
    : { method: "GET", path };
}

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("-1", "1e309", "NaN", "0x", "../", "%00", "' OR 1=1 --", "<script>", "\u202e", "a".repeat(3_000)),
);

/** A request that is invalid by construction: a valid one with one thing broken. */
function invalidArb(valid: Case[]): fc.Arbitrary<Req> {
  return fc.oneof(
    // An unknown parameter (the registry has no parameter starting with "x_").
    fc.tuple(fc.constantFrom(...valid), fc.stringMatching(/^[a-z]{1,8}$/), junk).map(([c, name, value]) => {
      const r = toReq(c);
      return { ...r, path: `${r.path}${r.path.includes("?") ? "&" : "?"}x_${name}=${encodeURIComponent(value)}` };
    }),
    // A parameter given twice.
    fc.constantFrom(...valid.filter((c) => c.query && Object.keys(c.query).length > 0)).map((c) => {
      const r = toReq(c);
      const [name, value] = Object.entries(c.query ?? {})[0];
      return { ...r, path: `${r.path}&${name}=${encodeURIComponent(value)}` };
    }),
    // A POST body that is not JSON, not an object, or sent with another content type.
    fc
      .tuple(fc.constantFrom(...valid.filter((c) => c.body !== undefined)), junk, fc.boolean())
      .map(([c, text, asText]) => ({
        ...toReq(c),
        body: asText ? JSON.stringify(c.body) : `{,${text}`,
        contentType: asText ? "text/plain" : "application/json",
      })),
    // An endpoint that does not exist, or a known one with the wrong method.
    fc
      .tuple(fc.stringMatching(/^[a-z0-9/._-]{1,30}$/), fc.constantFrom("GET", "POST", "DELETE", "PATCH"))
      .map(([p, m]) => ({
        method: m,
        path: `/api/v1/zz${p}`,
      })),
    fc.constantFrom(...valid).map((c) => {
      const r = toReq(c);
      return { ...r, method: r.method === "GET" ? "DELETE" : "PUT" };
    }),
  );
}

/** Anything at all on the routes: some valid, most not (upstream calls allowed here; 5xx and non-JSON errors not). */
function anyArb(valid: Case[]): fc.Arbitrary<Req> {
  return fc
    .tuple(
      fc.constantFrom(...valid),
      fc.dictionary(
        fc.constantFrom("chain", "address", "limit", "q", "pools", "cursor", "interval", "view", "chains", "wallet"),
        junk,
        { maxKeys: 3 },
      ),
    )
    .map(([c, extra]) => toReq({ ...c, query: { ...(c.query ?? {}), ...extra } }));
}

interface Tally {
  sent: number;
  fiveXx: string[];
  badErrors: string[];
}

async function send(sys: System, r: Req, i: number, t: Tally): Promise<number> {
  const res = await fetch(`${sys.appUrl}${r.path}`, {
    method: r.method,
    body: r.body,
    headers: {
      ...(r.contentType ? { "content-type": r.contentType } : {}),
      // Each request from its own address, so the per-client rate limit does not answer instead of validation.
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    },
    redirect: "manual",
  });
  const text = await res.text();
  t.sent++;
  if (res.status >= 500) t.fiveXx.push(`${r.method} ${r.path.slice(0, 120)} → ${res.status} ${text.slice(0, 120)}`);
  if (res.status >= 400) {
    let code: unknown;
    try {
      code = JSON.parse(text).error?.code;
    } catch {}
    if (typeof code !== "string" || !/^application\/json/.test(res.headers.get("content-type") ?? ""))
      t.badErrors.push(`${r.method} ${r.path.slice(0, 120)} → ${res.status} ${text.slice(0, 80)}`);
  }
  return res.status;
}

export async function badInput(sys: System): Promise<string> {
  const n = (await notable(sys)) as unknown as RegistryNotable;
  const tradesRes = await fetch(
    `${sys.appUrl}/api/v1/token/trades?chain=${n.baseToken.chain}&address=${n.baseToken.address}&pools=${n.baseToken.pools.join(",")}&limit=5`,
  );
  const trades = await tradesRes.json();
  check(tradesRes.ok, `the base token's tape: ${tradesRes.status} ${JSON.stringify(trades).slice(0, 200)}`);
  const valid = validCases(n, trades.data[0]?.maker ?? n.evmWallet.address);
  const corpus = valid.flatMap(invalidCases).map(toReq);
  const generated = fc.sample(invalidArb(valid), { numRuns: 4_000, seed: SEED });
  const invalid = [...corpus, ...generated];

  const t: Tally = { sent: 0, fiveXx: [], badErrors: [] };
  const before = await upstreamReceived(sys);
  const accepted: string[] = [];
  await pool(invalid, 16, async (r, i) => {
    const status = await send(sys, r, i, t);
    if (status < 400)
      accepted.push(
        `${r.method} ${r.path.slice(0, 160)} ${r.contentType ?? ""} ${r.body?.slice(0, 60) ?? ""} → ${status}`,
      );
  });
  await sleep(500);
  const after = await upstreamReceived(sys);
  const upstreamCalls = after.total - before.total;
  check(
    accepted.length === 0,
    `${accepted.length} invalid requests were answered as valid: ${accepted.slice(0, 6).join("; ")}`,
  );
  check(
    upstreamCalls === 0,
    `invalid requests reached the market ${upstreamCalls} times: ${JSON.stringify(after.byRoute)}`,
  );

  const mixed = fc.sample(anyArb(valid), { numRuns: 1_000, seed: SEED + 1 });
  await pool(mixed, 16, async (r, i) => {
    await send(sys, r, 100_000 + i, t);
  });

  // The stream protocol: random frames on a few connections; every answer is a JSON frame, no connection dies badly.
  const frames = fc.sample(
    fc.oneof(
      fc.json().map((j) => j),
      fc
        .record({
          type: fc.constantFrom("subscribe", "unsubscribe", "ping", "auth", "x"),
          id: junk,
          channel: fc.constantFrom("trades", "pulse", "ohlcv", "token-updates", "nope"),
          params: fc.object(),
        })
        .map((o) => JSON.stringify(o)),
      junk,
    ),
    { numRuns: 600, seed: SEED + 2 },
  );
  let streamAnswers = 0;
  const badCloses: string[] = [];
  for (let c = 0; c < 6; c++) {
    const s = openStream(sys, { "x-forwarded-for": `10.200.0.${c}` });
    await s.opened;
    const closed = new Promise<void>((resolve) =>
      s.ws.once("close", (code) => {
        if (code === 1006 || code === 1011) badCloses.push(String(code));
        resolve();
      }),
    );
    for (const f of frames.slice(c * 100, c * 100 + 100)) if (s.ws.readyState === 1) s.send(f);
    await Promise.race([sleep(1_500), closed]);
    for (const f of s.frames) {
      const parsed = JSON.parse(f);
      check(typeof parsed.type === "string", `stream answered a non-frame: ${f.slice(0, 100)}`);
      if (parsed.type === "error")
        check(
          typeof parsed.code === "string" || typeof parsed.error?.code === "string",
          `error frame without a code: ${f.slice(0, 100)}`,
        );
    }
    streamAnswers += s.frames.length;
    s.close();
  }

  check(t.fiveXx.length === 0, `${t.fiveXx.length} answers were 5xx: ${t.fiveXx.slice(0, 5).join("; ")}`);
  check(
    t.badErrors.length === 0,
    `${t.badErrors.length} errors without a JSON error.code: ${t.badErrors.slice(0, 5).join("; ")}`,
  );
  check(badCloses.length === 0, `stream connections closed abnormally: ${badCloses.join(",")}`);
  return `${t.sent} HTTP requests (${invalid.length} invalid by construction: ${corpus.length} corpus + ${generated.length} fast-check, seed ${SEED}; ${mixed.length} random) + ${frames.length} stream frames (${streamAnswers} answers): 0 5xx, every error JSON with error.code, 0 upstream requests for the invalid ones`;
}
