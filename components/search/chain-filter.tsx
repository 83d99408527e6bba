"use client";

import { type ChainId, KNOWN_CHAINS } from "@/lib/api/core";
import { cn } from "@/components/ui";

const PINNED: readonly { chain: ChainId; label: string }[] = [
  { chain: "solana", label: "SOL" },
  { chain: "evm:1", label: "ETH" },
  { chain: "evm:8453", label: "Base" },
  { chain: "evm:56", label: "BSC" },
];
const OTHERS = KNOWN_CHAINS.filter((c) => !PINNED.some((p) => p.chain === c.chain));

const chip = "rounded px-2 py-0.5 text-mini font-medium transition-colors";

/** Restrict search to one chain (§4.1 `chain`); "All" searches EVM and Solana together. */
export function ChainFilter({
  value,
  onChange,
}: {
  value: ChainId | undefined;
  onChange: (c: ChainId | undefined) => void;
}) {
  const other = value && OTHERS.some((c) => c.chain === value) ? value : "";
  return (
    <fieldset className="flex min-w-0 items-center gap-1">
      <legend className="sr-only">Chain</legend>
      {[{ chain: undefined, label: "All" }, ...PINNED].map((p) => (
        <button
          key={p.label}
          type="button"
          aria-pressed={value === p.chain}
          onClick={() => onChange(p.chain)}
          className={cn(
            chip,
            value === p.chain ? "bg-accent/25 text-fg" : "text-muted hover:bg-panel-raised hover:text-fg",
          )}
        >
          {p.label}
        </button>
      ))}
      <select
        aria-label="More chains"
        value={other}
        onChange={(e) => onChange((e.target.value || undefined) as ChainId | undefined)}
        className={cn(
          chip,
          "border-0 bg-transparent py-0.5",
          other ? "bg-accent/25 text-fg" : "text-muted hover:text-fg",
        )}
      >
        <option value="">More…</option>
        {OTHERS.map((c) => (
          <option key={c.chain} value={c.chain}>
            {c.name}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
