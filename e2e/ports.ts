// Ports the WHATWG fetch standard blocks ("bad ports"): Node's fetch and the browser refuse them, so a server there
// is up but unreachable, and a spec waiting for its health would wait out its whole bound. Those ≥ 1024.
const BLOCKED = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The suite's servers sit at E2E_PORT + 0…SPAN (the suite's app and market, the specs' own servers and markets). */
export const E2E_PORT_SPAN = 10;

/** Throws, naming the port, when one of base … base + span cannot be fetched. */
export function assertFetchablePorts(base: number, span = E2E_PORT_SPAN): void {
  for (let port = base; port <= base + span; port++) {
    const why = BLOCKED.has(port)
      ? 'which fetch refuses (a WHATWG "bad port")'
      : port < 1024
        ? "a privileged port (below 1024: only root may listen there, and fetch refuses many of them)"
        : null;
    if (why)
      throw new Error(
        `E2E_PORT=${process.env.E2E_PORT ?? "3210"} puts a test server on port ${port}, ${why}: choose another E2E_PORT`,
      );
  }
}
