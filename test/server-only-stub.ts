// Stand-in for the `server-only` marker package under vitest (tests run in Node, not in a client bundle).
export {};
