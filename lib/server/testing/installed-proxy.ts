import type { ProxySettings } from "../config";
import { setProxyState } from "../proxy/state";
import { type FakeHandler, type FakeUpstream, startFakeUpstream } from "./fake-upstream";
import { createTestProxy, type TestProxy } from "./test-state";

// A fake upstream answering with `handler`, and a test proxy in front of it installed as the process's proxy state
// (what route handlers and server-side calls use); `uninstall` clears the state and stops both.

export interface InstalledProxy {
  up: FakeUpstream;
  tp: TestProxy;
  uninstall(): Promise<void>;
}

export async function installTestProxy(
  handler: FakeHandler,
  key: string,
  settings: Partial<ProxySettings> = {},
  register = false,
): Promise<InstalledProxy> {
  const up = await startFakeUpstream(handler);
  const tp = createTestProxy({ baseUrl: up.baseUrl, key }, settings, undefined, register);
  setProxyState(tp.state);
  return {
    up,
    tp,
    async uninstall() {
      setProxyState(undefined);
      await tp.state.close();
      await up.close();
    },
  };
}
