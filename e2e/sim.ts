// Drives the embedded market's loopback control API (see docs/sim.md) from end-to-end specs.
const simBase = () => `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? "3211"}`;

/** One call to a market's loopback control API at `base` (also used by the system tests). */
export async function controlCall<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const call = <T>(method: string, path: string, body?: unknown) => controlCall<T>(simBase(), method, path, body);

// biome-ignore lint/suspicious/noExplicitAny: scenario results vary by action
export const simScenario = <T = any>(action: Record<string, unknown>) => call<T>("POST", "/__control/scenario", action);
// biome-ignore lint/suspicious/noExplicitAny: the state summary is documented in docs/sim.md
export const simState = <T = any>() => call<T>("GET", "/__control/state");
/** A fresh Solana launch whose first buyers are a generated bundle of `bundle` wallets fed by one funder. */
export interface BundledLaunch {
  chain: string;
  address: string;
  creator: string;
  bundle: { funder: string; wallets: string[] };
}
/** `holdCohorts`: the dev and the bundle sell only when a test makes them. */
export const launchWithBundle = async (bundle: number, opts: { holdCohorts?: boolean; quiet?: boolean } = {}) =>
  (await simScenario<{ data: BundledLaunch }>({ action: "launch", chain: "solana", bundle, ...opts })).data;
export const simFaults = (faults: Record<string, unknown>) => call<unknown>("PUT", "/__control/faults", faults);
export const simKey = () => process.env.SIM_KEY ?? "";
/** A REST read straight from the market (no proxy cache between), with its key: for specs that need it fresh. */
export async function simGet<T = unknown>(path: string): Promise<T> {
  const res = await fetch(`${simBase()}${path}`, { headers: { authorization: simKey() } });
  if (!res.ok) throw new Error(`GET ${path} → ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}
