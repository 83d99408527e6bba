"use client";

import { useId, useState } from "react";
import { cn } from "@/components/ui";
import type { Factory } from "@/lib/api/core";
import {
  type ColumnFilter,
  EMPTY_FILTER,
  formatDurationParam,
  normalizeFilter,
  parseAmount,
  parseDuration,
  parseProgress,
} from "./filter-params";
import { LIMIT_CHOICES } from "./view-state";

// The filter popover's form: typed as a trader types ("5k", "30m"), applied as one URL change.

type RangeKey = "Mcap" | "Liq" | "Vol" | "Age" | "Progress";
const RANGES: {
  key: RangeKey;
  label: string;
  hint: string;
  parse: (s: string) => number | null;
  show: (n: number) => string;
}[] = [
  { key: "Mcap", label: "Market cap", hint: "$ e.g. 5k", parse: parseAmount, show: String },
  { key: "Liq", label: "Liquidity", hint: "$ e.g. 2k", parse: parseAmount, show: String },
  { key: "Vol", label: "Volume", hint: "$ e.g. 10k", parse: parseAmount, show: String },
  { key: "Age", label: "Age", hint: "e.g. 30m, 2h", parse: parseDuration, show: formatDurationParam },
  { key: "Progress", label: "Bonding %", hint: "0–100", parse: parseProgress, show: String },
];

type Draft = Record<`${"min" | "max"}${RangeKey}`, string>;

function toDraft(f: ColumnFilter): Draft {
  const d = {} as Draft;
  for (const r of RANGES) {
    for (const side of ["min", "max"] as const) {
      const v = f[`${side}${r.key}`];
      d[`${side}${r.key}`] = v === null ? "" : r.show(v);
    }
  }
  return d;
}

const input =
  "num w-full min-w-0 rounded border border-border bg-bg px-1.5 py-1 text-xs text-fg placeholder:text-muted/60 focus:border-accent/70 focus:outline-none aria-[invalid=true]:border-down";

export function FilterForm({
  filter,
  limit,
  launchpads,
  onApply,
}: {
  filter: ColumnFilter;
  limit: number;
  launchpads: readonly Factory[];
  onApply: (next: { filter: ColumnFilter; limit: number }) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(filter));
  const [socials, setSocials] = useState(filter.socials);
  const [dexPaid, setDexPaid] = useState(filter.dexPaid);
  const [pads, setPads] = useState<string[]>(filter.pads);
  const [show, setShow] = useState(limit);

  const parsed = {} as Record<keyof Draft, number | null>;
  const invalid = new Set<string>();
  for (const r of RANGES) {
    for (const side of ["min", "max"] as const) {
      const k = `${side}${r.key}` as keyof Draft;
      const raw = draft[k].trim();
      parsed[k] = raw === "" ? null : r.parse(raw);
      if (raw !== "" && parsed[k] === null) invalid.add(k);
    }
  }

  const apply = () => {
    const next: ColumnFilter = normalizeFilter({
      ...EMPTY_FILTER,
      ...parsed,
      socials,
      dexPaid,
      pads: [...pads].sort(),
    });
    onApply({ filter: next, limit: show });
  };

  return (
    <form
      className="flex w-72 flex-col gap-2.5 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid.size === 0) apply();
      }}
    >
      <div className="grid grid-cols-[5.5rem_1fr_1fr] items-center gap-x-1.5 gap-y-1.5">
        <span />
        <span className="text-micro tracking-wide text-muted uppercase">Min</span>
        <span className="text-micro tracking-wide text-muted uppercase">Max</span>
        {RANGES.map((r) => (
          <RangeRow
            key={r.key}
            id={id}
            range={r}
            draft={draft}
            invalid={invalid}
            onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v }))}
          />
        ))}
      </div>
      <div className="flex items-center gap-4">
        <Check label="Has socials" checked={socials} onChange={setSocials} />
        <Check label="DEX paid" checked={dexPaid} onChange={setDexPaid} />
      </div>
      {launchpads.length > 0 ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-micro tracking-wide text-muted uppercase">Launchpads</legend>
          <div className="relative grid max-h-28 grid-cols-2 gap-x-2 gap-y-0.5 overflow-y-auto pr-1">
            {launchpads.map((f) => (
              <label key={f.slug} className="flex min-w-0 items-center gap-1.5" title={f.name}>
                <input
                  type="checkbox"
                  checked={pads.includes(f.slug)}
                  onChange={(e) => setPads((p) => (e.target.checked ? [...p, f.slug] : p.filter((x) => x !== f.slug)))}
                  className="accent-accent"
                />
                <span className="truncate">{f.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <label className="flex items-center justify-between gap-2">
        <span className="text-muted">Show up to</span>
        <select
          value={show}
          onChange={(e) => setShow(Number(e.target.value))}
          className="rounded border border-border bg-bg px-1.5 py-1 text-xs text-fg"
        >
          {LIMIT_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n} cards
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center justify-between gap-2 border-t border-border pt-2.5">
        <button
          type="button"
          onClick={() => {
            setDraft(toDraft(EMPTY_FILTER));
            setSocials(false);
            setDexPaid(false);
            setPads([]);
          }}
          className="rounded px-2 py-1 text-muted hover:text-fg"
        >
          Reset
        </button>
        <button
          type="submit"
          disabled={invalid.size > 0}
          className="rounded bg-accent px-3 py-1 font-medium text-white hover:bg-accent/85 disabled:opacity-40"
        >
          Apply
        </button>
      </div>
    </form>
  );
}

function RangeRow({
  id,
  range,
  draft,
  invalid,
  onChange,
}: {
  id: string;
  range: (typeof RANGES)[number];
  draft: Draft;
  invalid: Set<string>;
  onChange: (k: keyof Draft, v: string) => void;
}) {
  return (
    <>
      <span className="text-muted">{range.label}</span>
      {(["min", "max"] as const).map((side) => {
        const k = `${side}${range.key}` as keyof Draft;
        return (
          <input
            key={k}
            id={`${id}-${k}`}
            name={k}
            aria-label={`${range.label} ${side}`}
            aria-invalid={invalid.has(k)}
            inputMode={range.key === "Age" ? "text" : "decimal"}
            autoComplete="off"
            placeholder={range.hint}
            value={draft[k]}
            onChange={(e) => onChange(k, e.target.value)}
            className={cn(input)}
          />
        );
      })}
    </>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-1.5">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="accent-accent" />
      {label}
    </label>
  );
}
