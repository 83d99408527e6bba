// SYSTEM_BREAK=key-secrecy: every answer carries the upstream key in a header, as a proxy copying its upstream
// request's headers onto the answer would. Preloaded into the app (NODE_OPTIONS=--require).
const http = require("node:http");

const key = process.env.MARKET_API_KEY;
const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function (...args) {
  if (key && !this.headersSent) this.setHeader("x-upstream-authorization", key);
  return writeHead.apply(this, args);
};
