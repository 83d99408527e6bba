import { addCompileHints } from "./scripts/compile-hints.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // A separate build directory lets several production builds coexist (e.g. parallel end-to-end runs).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // Metadata blocks the first bytes for every visitor, not only for the bots Next knows: a token or wallet page's
  // description and Open Graph tags are in <head> for crawlers and link unfurlers that run no script.
  htmlLimitedBots: /.*/,
  // scripts/test.sh builds after its own typecheck has passed, so that build skips a second pass
  // (NEXT_BUILD_SKIP_TYPECHECK=1).
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_SKIP_TYPECHECK === "1" },
  // Every browser script of the build starts with V8's compile hint: compiled off the main thread as it streams in
  // (scripts/compile-hints.mjs says why).
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      addCompileHints(distDir);
    },
  },
  // The repo root is the workspace root even when other lockfiles exist higher up.
  turbopack: {
    root: import.meta.dirname,
    // No legacy polyfills for the modern browsers the app targets (lib/client/no-polyfills.ts says why).
    resolveAlias: {
      "../build/polyfills/polyfill-module": "./lib/client/no-polyfills.ts",
      "next/dist/build/polyfills/polyfill-module": "./lib/client/no-polyfills.ts",
    },
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
        ],
      },
    ];
  },
};

export default nextConfig;
