import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import type { Transport } from "./browser-session";
import type { Clock } from "./clock";

// Browser sockets as the sessions see them. Writes made in one event-loop turn are corked and leave together at
// the end of it (or once 64 KB are waiting): a browser receiving several events in a turn costs one system call
// instead of one per frame. Corked bytes are not backpressure: they leave within the turn.

const SEND_OPTS = { binary: false, compress: false, fin: true } as const;
const TERMINATE_AFTER_CLOSE_MS = 2_000;
export const MAX_CORKED_BYTES = 64 * 1024;

export interface WriteBatcher {
  transport(ws: WebSocket, socket: Duplex): Transport;
  /** Writes everything corked now (also runs by itself at the end of each turn). */
  flush(): void;
}

export function createWriteBatcher(clock: Clock): WriteBatcher {
  const corked = new Map<Duplex, number>(); // socket → bytes corked this turn
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    for (const s of corked.keys()) s.uncork();
    corked.clear();
  };
  return {
    flush,
    transport(ws, socket) {
      return {
        write(bytes) {
          let held = corked.get(socket);
          if (held !== undefined && held + bytes.length > MAX_CORKED_BYTES) {
            socket.uncork();
            corked.delete(socket);
            held = undefined;
          }
          if (held === undefined && !socket.destroyed) {
            socket.cork();
            held = 0;
            if (!scheduled) {
              scheduled = true;
              setImmediate(flush);
            }
          }
          if (held !== undefined) corked.set(socket, held + bytes.length);
          ws.send(bytes, SEND_OPTS);
        },
        bufferedAmount: () => ws.bufferedAmount - (corked.get(socket) ?? 0),
        close(code, reason) {
          ws.close(code, reason);
          clock.setTimeout(() => ws.terminate(), TERMINATE_AFTER_CLOSE_MS);
        },
      };
    },
  };
}
