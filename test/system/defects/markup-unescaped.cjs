// SYSTEM_BREAK=hostile-metadata: every page carries an element with an inline handler that runs script, as a page
// rendering a token's `<img src=x onerror=…>` name as HTML would. Preloaded into the app (NODE_OPTIONS=--require).
const http = require("node:http");

const INJECTED = '<img src="/x-missing.png" onerror="window.__systemXss=1" alt="">';
const { writeHead, end } = http.ServerResponse.prototype;
// Uncompressed answers, so the element can be appended to the page's bytes.
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, ...rest) {
  if (event === "request") delete req.headers["accept-encoding"];
  return emit.call(this, event, req, ...rest);
};
http.ServerResponse.prototype.writeHead = function (...args) {
  const type = String(this.getHeader("content-type") ?? "");
  const headers = args.find((a) => a && typeof a === "object" && !Array.isArray(a));
  const given = headers ? String(headers["content-type"] ?? headers["Content-Type"] ?? "") : "";
  if (/text\/html/.test(type + given)) {
    this.__html = true;
    this.removeHeader("content-length");
    if (headers) for (const k of Object.keys(headers)) if (k.toLowerCase() === "content-length") delete headers[k];
  }
  return writeHead.apply(this, args);
};
http.ServerResponse.prototype.end = function (...args) {
  const html = this.__html || (!this.headersSent && /text\/html/.test(String(this.getHeader("content-type") ?? "")));
  if (html && !this.writableEnded) {
    if (!this.headersSent) this.removeHeader("content-length");
    const chunk = typeof args[0] === "function" ? undefined : args[0];
    if (chunk !== undefined && chunk !== null) this.write(chunk);
    this.write(INJECTED);
    return end.call(this, ...args.filter((a) => typeof a === "function"));
  }
  return end.apply(this, args);
};
