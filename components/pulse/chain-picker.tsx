"use client";

import { useQuery } from "@tanstack/react-query";
import { ChainTag, Chip } from "@/components/ui";
import { type ChainId, KNOWN_CHAINS, parseChainId } from "@/lib/api/core";
import type { PulsePageQueries } from "@/lib/client/queries";
import { safeText } from "@/lib/format";
import { ChevronIcon } from "./card-icons";
import { Popover } from "./popover";
import { MAX_CHAINS } from "./view-state";

interface ChainChoice {
  chain: ChainId;
  name: string;
  status: string;
}

/** Chains as the service lists them (§4.11); the static list stands in until it answers. */
function useChainChoices(query: PulsePageQueries["chains"]): ChainChoice[] {
  const { data } = useQuery(query);
  if (!data) return KNOWN_CHAINS.map((c) => ({ chain: c.chain, name: c.name, status: "live" }));
  const out: ChainChoice[] = [];
  for (const c of data.data) {
    const id = parseChainId(c.chain);
    if (id) out.push({ chain: id, name: safeText(c.name, { maxGraphemes: 24 }).text || id, status: c.status });
  }
  return out;
}

/** Pick up to 8 chains (§4.4); the board follows at once and the URL records the choice. */
export function ChainPicker({
  query,
  value,
  onChange,
}: {
  /** The page's chain list (`pulsePageQueries(chains).chains`). */
  query: PulsePageQueries["chains"];
  value: readonly ChainId[];
  onChange: (chains: ChainId[]) => void;
}) {
  const choices = useChainChoices(query);
  const full = value.length >= MAX_CHAINS;
  const toggle = (c: ChainId, on: boolean) => {
    const next = on ? [...value, c] : value.filter((x) => x !== c);
    if (next.length > 0 && next.length <= MAX_CHAINS) onChange(next);
  };
  return (
    <Popover
      label="Chains"
      triggerLabel={null}
      align="start"
      triggerClassName="h-7 px-2 text-xs"
      trigger={
        <>
          <span className="text-muted">Chains</span>
          <span className="flex items-center gap-1">
            {value.map((c) => (
              <ChainTag key={c} chain={c} />
            ))}
          </span>
          <ChevronIcon />
        </>
      }
    >
      {() => (
        <fieldset className="flex w-64 flex-col gap-0.5 text-xs">
          <legend className="mb-1.5 flex w-full items-center justify-between text-micro tracking-wide text-muted uppercase">
            <span>Chains</span>
            <span className="num">
              {value.length}/{MAX_CHAINS}
            </span>
          </legend>
          <div className="relative flex max-h-80 flex-col overflow-y-auto pr-1">
            {choices.map((c) => {
              const on = value.includes(c.chain);
              const disabled = (on && value.length === 1) || (!on && full);
              return (
                <label
                  key={c.chain}
                  className="flex items-center gap-2 rounded px-1 py-1 hover:bg-panel aria-disabled:opacity-50"
                  aria-disabled={disabled}
                >
                  <input
                    type="checkbox"
                    checked={on}
                    disabled={disabled}
                    onChange={(e) => toggle(c.chain, e.target.checked)}
                    className="accent-accent"
                  />
                  <ChainTag chain={c.chain} className="w-12 justify-center" />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  {c.status !== "live" ? (
                    <Chip tone="warn" title={`Status: ${safeText(c.status, { maxGraphemes: 16 }).text}`}>
                      {safeText(c.status, { maxGraphemes: 10 }).text}
                    </Chip>
                  ) : null}
                </label>
              );
            })}
          </div>
          {full ? <p className="mt-1 text-mini text-muted">Up to {MAX_CHAINS} chains at once.</p> : null}
        </fieldset>
      )}
    </Popover>
  );
}
