import { describe, expect, it } from "vitest";
import { MAX_FIRED, MAX_RULES } from "./rules";
import { ALERTS_STORAGE_KEY, createAlertStore, MAX_TOASTS } from "./store";

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}
const rule = { kind: "graduates", chain: "solana", address: "A", label: "CAT" } as const;
const alert = (i: number) => ({ ruleId: "r", at: i, title: `t${i}`, body: "b", href: "/token/solana/A" });

describe("alert store", () => {
  it("holds at most MAX_RULES rules, MAX_FIRED fired alerts and MAX_TOASTS toasts", () => {
    const s = createAlertStore(memoryStorage);
    for (let i = 0; i < MAX_RULES; i++) expect(s.getState().add(rule, i)).toBe(true);
    expect(s.getState().add(rule)).toBe(false);
    expect(s.getState().rules).toHaveLength(MAX_RULES);
    for (let i = 0; i < MAX_FIRED + 20; i++) s.getState().record(alert(i));
    expect(s.getState().fired).toHaveLength(MAX_FIRED);
    expect(s.getState().fired.at(-1)?.title).toBe(`t${MAX_FIRED + 19}`);
    expect(s.getState().toasts).toHaveLength(MAX_TOASTS);
  });

  it("persists rules and fired alerts (not toasts) and drops what storage mangled", async () => {
    const storage = memoryStorage();
    const a = createAlertStore(() => storage);
    a.getState().add(rule, 1);
    a.getState().record(alert(1));
    const saved = JSON.parse(storage.getItem(ALERTS_STORAGE_KEY) ?? "{}");
    expect(saved.state.rules).toHaveLength(1);
    expect(saved.state.toasts).toBeUndefined();
    saved.state.rules.push({ kind: "price", id: "x" }, "junk");
    storage.setItem(ALERTS_STORAGE_KEY, JSON.stringify(saved));
    const b = createAlertStore(() => storage);
    await b.persist.rehydrate();
    expect(b.getState().rules).toHaveLength(1);
    expect(b.getState().fired).toHaveLength(1);
  });
});
