// Stands in for Next's `polyfill-module` in the browser bundle (next.config.mjs, turbopack.resolveAlias). That module
// patches Array.prototype.at/flat/flatMap, Object.fromEntries/hasOwn, String.prototype.trimStart/trimEnd and the like
// for browsers older than the ones Next 16 supports at all (Chrome/Edge/Firefox 111, Safari 16.4: package.json's
// browserslist), so every browser that can run the app has them natively.
export {};
