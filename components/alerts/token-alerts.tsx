"use client";

import { type FormEvent, useState } from "react";
import { COHORT_IDS, type CohortId } from "@/lib/api/core";
import { type AlertRule, MAX_RULES, useAlerts, useAlertsHydrated, useRuleReadings } from "@/lib/client/alerts";
import { formatUsd } from "@/lib/format/number";
import { formatUsdPrice } from "@/lib/format/price";
import { NotifyPermission } from "./notify-permission";

type Kind = "price-above" | "price-below" | "mcap-above" | "mcap-below" | "graduates" | "dev-sells" | "cohort-dump";
const KINDS: { value: Kind; label: string }[] = [
  { value: "price-above", label: "Price rises above" },
  { value: "price-below", label: "Price falls below" },
  { value: "mcap-above", label: "Market cap rises above" },
  { value: "mcap-below", label: "Market cap falls below" },
  { value: "graduates", label: "Graduates" },
  { value: "dev-sells", label: "Dev sells" },
  { value: "cohort-dump", label: "A cohort sells ≥ X % (5 min)" },
];

export function describeRule(r: AlertRule): string {
  switch (r.kind) {
    case "price":
    case "mcap":
      return `${r.kind === "price" ? "Price" : "MCap"} ${r.op === "above" ? "≥" : "≤"} $${r.value}`;
    case "graduates":
      return "Graduates";
    case "dev-sells":
      return "Dev sells";
    case "cohort-dump":
      return `${r.cohort} sell ≥ ${r.pct}% in 5 min`;
    case "wallet-buys":
      return "Wallet buys a token";
    case "followed-buys":
      return "A followed wallet buys";
  }
}

/** Alert rules on this token: add, list, remove. Evaluated on every page while the tab is open. */
export function TokenAlerts({
  chain,
  address,
  label,
  migrated,
}: {
  chain: string;
  address: string;
  label: string;
  migrated: boolean;
}) {
  const hydrated = useAlertsHydrated();
  const all = useAlerts((s) => s.rules);
  const rules = (hydrated ? all : []).filter(
    (r) => r.kind !== "wallet-buys" && r.kind !== "followed-buys" && r.chain === chain && r.address === address,
  );
  const add = useAlerts((s) => s.add);
  const remove = useAlerts((s) => s.remove);
  const [kind, setKind] = useState<Kind>("price-above");
  const [value, setValue] = useState("");
  const [cohort, setCohort] = useState<CohortId>("snipers");
  const [error, setError] = useState<string | null>(null);
  const needsValue = kind !== "graduates" && kind !== "dev-sells";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = Number(value);
    if (needsValue && !(v > 0 && Number.isFinite(v))) return setError("Enter a positive number");
    if (kind === "cohort-dump" && v > 100) return setError("A share is at most 100 %");
    if (kind === "graduates" && migrated) return setError("This token has graduated already");
    const ref = { chain, address, label };
    const ok =
      kind === "graduates" || kind === "dev-sells"
        ? add({ ...ref, kind })
        : kind === "cohort-dump"
          ? add({ ...ref, kind, cohort, pct: v })
          : add({
              ...ref,
              kind: kind.startsWith("price") ? "price" : "mcap",
              op: kind.endsWith("above") ? "above" : "below",
              value: v,
            });
    setError(ok ? null : `At most ${MAX_RULES} alerts; remove one first`);
    if (ok) setValue("");
  };

  return (
    <section
      aria-labelledby="token-alerts-title"
      id="token-alerts"
      className="border-t border-border px-2 py-2 text-xs"
      data-testid="token-alerts"
    >
      <h3 id="token-alerts-title" className="mb-1 flex items-center justify-between text-mini font-medium text-muted">
        Alerts on this token
        <NotifyPermission />
      </h3>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-1">
        <CompactSelect label="Alert when" value={kind} onChange={setKind} options={KINDS} />
        {kind === "cohort-dump" ? (
          <CompactSelect
            label="Cohort"
            value={cohort}
            onChange={setCohort}
            options={COHORT_IDS.map((c) => ({ value: c, label: c }))}
          />
        ) : null}
        {needsValue ? (
          <input
            aria-label={kind === "cohort-dump" ? "Percent sold" : "Value in USD"}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={kind === "cohort-dump" ? "%" : "$"}
            className="num h-6 w-24 rounded border border-border bg-panel px-1 text-right text-xs"
          />
        ) : null}
        <button type="submit" className="h-6 rounded border border-accent/60 px-2 text-accent hover:bg-accent/10">
          Add alert
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-1 text-down">
          {error}
        </p>
      ) : null}
      {rules.length > 0 ? (
        <ul className="mt-1.5 flex flex-col gap-0.5" data-testid="token-alert-rules">
          {rules.map((r) => (
            <li key={r.id} className="flex items-center justify-between rounded bg-panel-raised px-1.5 py-0.5">
              <span className="num">{describeRule(r)}</span>
              <RuleStatus rule={r} />
              <button
                type="button"
                onClick={() => remove(r.id)}
                className="text-muted hover:text-down"
                aria-label={`Remove alert: ${describeRule(r)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Whether the rule is watching yet (the alert layer starts after the page), and where a level rule's value stands. */
function RuleStatus({ rule }: { rule: AlertRule }) {
  const reading = useRuleReadings((s) => s.readings[rule.id]);
  const level = rule.kind === "price" || rule.kind === "mcap" ? rule : null;
  const value = level ? reading?.last : undefined;
  // A level rule fires when the value crosses it: one already past it waits for it to come back first.
  const past = level && value !== undefined && (level.op === "above" ? value >= level.value : value <= level.value);
  const text = !reading
    ? "starting…"
    : level && value !== undefined
      ? `now ${level.kind === "price" ? formatUsdPrice(value) : formatUsd(value)}${past ? ` · already ${level.op}` : ""}`
      : "watching";
  return (
    <span
      className="num ml-auto mr-2 text-muted"
      data-testid="alert-rule-status"
      data-state={reading ? "watching" : "starting"}
      data-value={value}
      title={past ? `Already ${level.op} the level: it fires on the next cross, once it has come back` : undefined}
    >
      {text}
    </span>
  );
}

function CompactSelect<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (v: T) => void;
  options: readonly { value: T; label: string }[];
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      className="h-6 rounded border border-border bg-panel px-1 text-xs"
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
