import { Writable } from "node:stream";
import { createLogger } from "../ops/logger";
import { createMetrics } from "../ops/metrics";
import { defaultConfig, type ProxySettings } from "../config";
import { createProxyState, type ProxyState } from "../proxy/state";

// A proxy instance for tests and benchmarks: own cache, ledger, metrics registry, and a log captured in memory.

export interface TestProxy {
  state: ProxyState;
  logs: string[];
}

export function createTestProxy(
  target: { baseUrl: string; key: string },
  settings: Partial<ProxySettings> = {},
  now?: () => number,
  register = false,
): TestProxy {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const full = { ...defaultConfig().proxy, logLevel: "debug" as const, ...settings };
  const state = createProxyState(full, {
    target: () => ({ kind: "remote", baseUrl: target.baseUrl, streamUrl: "ws://127.0.0.1:1", key: target.key }),
    logger: createLogger(full.logLevel, sink),
    metrics: createMetrics(),
    now,
    register,
  });
  return { state, logs };
}
