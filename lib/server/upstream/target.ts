import { runtimeConfig } from "../runtime";

// Shared between server.ts and Next's route handlers: they run in one process but load separate module copies.
const TARGET = Symbol.for("trading-explorer.upstream");

export interface UpstreamTarget {
  kind: "embedded" | "remote";
  /** REST base; endpoints are `${baseUrl}/v1/...`. */
  baseUrl: string;
  /** Stream base; the endpoint is `${streamUrl}/v1/stream`. */
  streamUrl: string;
  key: string;
}

type TargetHolder = { [TARGET]?: UpstreamTarget };

export function setUpstreamTarget(target: UpstreamTarget | undefined): void {
  (globalThis as TargetHolder)[TARGET] = target ? Object.freeze({ ...target }) : undefined;
}

/** The one place the upstream key is held. Never log the result. */
export function getUpstreamTarget(): UpstreamTarget {
  const target = (globalThis as TargetHolder)[TARGET];
  if (target) return target;
  const { upstream } = runtimeConfig();
  if (upstream.kind === "remote") return upstream;
  throw new Error(
    "The embedded market is not running in this process: start the app with `npm run dev` or `npm start` (server.ts), not `next dev`/`next start`",
  );
}

/** Which market this process talks to, for the page chrome (never the URL or key); null when none is running. */
export function upstreamKind(): UpstreamTarget["kind"] | null {
  try {
    return getUpstreamTarget().kind;
  } catch {
    return null;
  }
}
