// SYSTEM_BREAK=soak: the server keeps 64 KB for every request it answers, as a cache without a bound would.
// Preloaded into the app (NODE_OPTIONS=--require).
const http = require("node:http");

const kept = [];
globalThis.__systemLeak = kept;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request") kept.push(Buffer.alloc(64 * 1024, 1));
  return emit.call(this, event, ...args);
};
