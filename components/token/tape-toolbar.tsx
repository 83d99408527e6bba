"use client";

import { Chip } from "@/components/ui/badge";
import { LivenessChip } from "@/components/ui/liveness-chip";
import { SafeText } from "@/components/ui/safe-text";
import { SegmentedControl } from "@/components/ui/segmented-control";
import type { ChainId } from "@/lib/api/core";
import {
  describeSubError,
  type Liveness,
  type StreamSubscriptionError,
  useStreamStatus,
} from "@/lib/client/stream/hooks";
import { shortAddress } from "@/lib/format";
import type { WashView } from "./view-state";

export interface TapeToolbarProps {
  chain: ChainId;
  maker: string | null;
  makerName: string | null;
  wash: WashView;
  paused: boolean;
  pending: number;
  subscriptionError: StreamSubscriptionError | null;
  liveness: Liveness | null;
  onMaker(address: string | null): void;
  onWash(w: WashView): void;
}

/** Tape title, live/paused state, and its filters: one maker (cleared here), wash on Solana. */
export function TapeToolbar(p: TapeToolbarProps) {
  const { status } = useStreamStatus();
  const refused = p.subscriptionError ? describeSubError(p.subscriptionError) : null;
  return (
    <div className="flex min-h-8 flex-wrap items-center gap-2 border-b border-border px-2 py-1">
      <h2 className="text-xs font-semibold">Trades</h2>
      {p.paused ? (
        <Chip tone="warn" title="Paused while the pointer is over the tape; new trades show when it leaves">
          <span data-testid="tape-paused">Paused{p.pending > 0 ? ` · ${p.pending} new` : ""}</span>
        </Chip>
      ) : refused ? (
        <Chip tone="warn" title={refused.detail}>
          <span data-testid="tape-live" data-live="false">
            {refused.short}
            <span className="sr-only">: {refused.detail}</span>
          </span>
        </Chip>
      ) : status !== "live" ? (
        <Chip
          tone="warn"
          title={
            status === "connecting"
              ? "The live feed is connecting; trades made meanwhile are filled in once it is"
              : "The live feed is reconnecting; missed trades are filled in when it is back"
          }
        >
          <span data-testid="tape-live" data-live="false">
            {status === "offline" ? "Offline" : status === "connecting" ? "Connecting" : "Reconnecting"}
          </span>
        </Chip>
      ) : (
        <LivenessChip liveness={p.liveness} what="trades" />
      )}
      <div className="ml-auto flex items-center gap-2">
        {p.maker ? (
          <span
            className="flex items-center gap-1 rounded border border-accent/40 bg-accent/10 px-1.5 text-mini text-accent"
            data-testid="maker-chip"
          >
            Maker:{" "}
            {p.makerName ? (
              <SafeText value={p.makerName} max={16} />
            ) : (
              <span className="num font-mono">{shortAddress(p.maker, 4, 4)}</span>
            )}
            <button
              type="button"
              onClick={() => p.onMaker(null)}
              aria-label="Clear maker filter"
              title="Clear maker filter"
              className="px-0.5 hover:text-fg"
            >
              ✕
            </button>
          </span>
        ) : null}
        {p.chain === "solana" ? (
          <SegmentedControl
            label="Wash filter"
            size="xs"
            value={p.wash}
            onValueChange={p.onWash}
            options={[
              { value: "all", label: "All" },
              { value: "organic", label: "Organic", title: "Hide trades flagged as wash" },
              { value: "wash", label: "Wash", title: "Only trades flagged as wash" },
            ]}
          />
        ) : null}
      </div>
    </div>
  );
}
