import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";
import { Histogram } from "./histogram";
import { type BenchSub, benchSubs, clientSubs } from "./plan";

// Benchmark child: N WebSocket clients, each with a few subscriptions, counting event frames and recording the
// latency from the upstream's emit time (the frame's last `"asOf":`) to receipt.

type Msg =
  | {
      cmd: "connect";
      url: string;
      key?: string;
      clients: number;
      offset: number;
      perClient: number;
      tokens: number;
      ids: "shared" | "unique";
    }
  | { cmd: "reset" }
  | { cmd: "report" }
  | { cmd: "stop" };

const now = () => performance.timeOrigin + performance.now();
const hist = new Histogram();
const sockets: WebSocket[] = [];
let events = 0;
let errors = 0;
let closed = 0;
const ASOF = Buffer.from('"asOf":');
const EVENT_PREFIX = '{"type":"event"';

function onEvent(buf: Buffer) {
  events++;
  const at = buf.lastIndexOf(ASOF);
  if (at < 0) return;
  const start = at + ASOF.length;
  let end = start;
  while (
    end < buf.length &&
    ((buf[end] as number) === 46 || ((buf[end] as number) >= 48 && (buf[end] as number) <= 57))
  )
    end++;
  hist.record(now() - Number(buf.toString("latin1", start, end)));
}

function connect(
  url: string,
  key: string | undefined,
  subs: BenchSub[],
  i: number,
  ids: "shared" | "unique",
): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(ws);
    let acks = 0;
    const subscribe = () => {
      for (const s of subs)
        ws.send(
          JSON.stringify({
            type: "subscribe",
            id: ids === "shared" ? s.sharedId : `${s.sharedId}:c${i}`,
            channel: s.channel,
            params: s.params,
          }),
        );
    };
    ws.on("open", () => (key ? ws.send(JSON.stringify({ type: "auth", key })) : undefined));
    ws.on("error", (e) => {
      errors++;
      reject(e);
    });
    ws.on("close", () => closed++);
    ws.on("message", (data: Buffer) => {
      if (data.toString("latin1", 0, 15) === EVENT_PREFIX) return onEvent(data);
      const f = JSON.parse(data.toString());
      if (f.type === "authed") {
        // Through the gateway `authed` arrives unasked; straight to the upstream it answers our auth frame.
        subscribe();
      } else if (f.type === "subscribed" && ++acks === subs.length) resolve();
      else if (f.type === "error") {
        errors++;
        reject(new Error(JSON.stringify(f)));
      }
    });
  });
}

process.on("message", async (m: Msg) => {
  if (m.cmd === "connect") {
    const all = benchSubs(m.tokens);
    try {
      for (let i = m.offset; i < m.offset + m.clients; i += 50) {
        const n = Math.min(50, m.offset + m.clients - i);
        await Promise.all(
          Array.from({ length: n }, (_, j) => connect(m.url, m.key, clientSubs(i + j, m.perClient, all), i + j, m.ids)),
        );
      }
      process.send?.({ ready: true });
    } catch (e) {
      process.send?.({ failed: String(e) });
    }
  } else if (m.cmd === "reset") {
    hist.reset();
    events = 0;
    process.send?.({ reset: true, at: now(), cpu: process.cpuUsage() });
  } else if (m.cmd === "report") {
    process.send?.({ report: { events, errors, closed, at: now(), hist: hist.toSparse(), cpu: process.cpuUsage() } });
  } else if (m.cmd === "stop") {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

// BENCH_TRACE=1 prints figures every second (diagnosis).
if (process.env.BENCH_TRACE)
  setInterval(
    () =>
      process.stderr.write(`[clients-proc] ${JSON.stringify({ events, errors, closed, p50: hist.percentile(50) })}\n`),
    1_000,
  ).unref();

// The benchmark run ended (or crashed): never outlive it.
process.on("disconnect", () => process.exit(0));
