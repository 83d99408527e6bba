import { createHubForScope } from "./hub-scope";

// The origin's shared worker: holds the one gateway socket for every tab (each tab connects a port).

declare const self: { onconnect: ((ev: MessageEvent) => void) | null };

const hub = createHubForScope();

self.onconnect = (ev) => {
  const port = ev.ports[0];
  if (!port) return;
  const send = (m: unknown) => port.postMessage(m);
  port.onmessage = (e) => hub.receive(e.data, send);
  port.start();
};
