import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import type { Transport } from "./browser-session";
import type { Clock } from "@/lib/api/clock";

// Browser sockets as the sessions see them. Frames arrive complete (frames.ts) and are written to the socket as
// they are; `ws` still owns the handshake, reading, pings and the close. Its sender holds no state between
// messages when per-message deflate is off (it is), so the two never interleave inside a frame.
// Writes made in one event-loop turn are corked and leave together at the end of it (or once 64 KB wait):
// a browser receiving several events in a turn costs one system call. Corked bytes are not backpressure.

const OPEN = 1;
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
          if (ws.readyState !== OPEN) return;
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
          socket.write(bytes);
        },
        bufferedAmount: () => ws.bufferedAmount - (corked.get(socket) ?? 0),
        ping(payload) {
          if (ws.readyState === OPEN) ws.ping(payload);
        },
        close(code, reason) {
          ws.close(code, reason);
          clock.setTimeout(() => ws.terminate(), TERMINATE_AFTER_CLOSE_MS);
        },
      };
    },
  };
}
