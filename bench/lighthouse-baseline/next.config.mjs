// The framework's floor for bench/lighthouse.ts: a bare Next app (one server page, one client component), copied to a
// folder of its own with the project's node_modules linked in, built and scored in the same run as the product's
// pages, so each page's score is read beside what React's and Next's own load scores on the same machine and browser.
/** @type {import("next").NextConfig} */
export default {
  poweredByHeader: false,
  turbopack: { root: import.meta.dirname },
};
