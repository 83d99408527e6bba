import WebSocket from "ws";

/**
 * Collects a Node process's garbage in full through its inspector (started with `--inspect=127.0.0.1:<port>`), then
 * reads its live heap in MB: what the process keeps, apart from the garbage it has not collected yet.
 */
export async function liveHeapMb(inspectorPort: number): Promise<number> {
  const list = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = list[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error("the process's inspector lists no target");
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let id = 0;
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve, reject) => {
      const mine = ++id;
      const onMessage = (raw: WebSocket.RawData) => {
        const msg = JSON.parse(String(raw)) as { id?: number; result?: Record<string, number>; error?: unknown };
        if (msg.id !== mine) return;
        ws.off("message", onMessage);
        if (msg.error) reject(new Error(`${method}: ${JSON.stringify(msg.error)}`));
        else resolve(msg.result ?? {});
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ id: mine, method }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const usage = await call("Runtime.getHeapUsage");
    return (usage.usedSize ?? Number.NaN) / 1048576;
  } finally {
    ws.close();
  }
}
