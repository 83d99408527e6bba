import type { ReactNode } from "react";
import { cn } from "./cn";

const BADGES = {
  pro: { label: "PRO", title: "Pro trader", tone: "border-accent/40 bg-accent/15 text-accent" },
  sniper: {
    label: "SNIPER",
    title: "Sniper: bought within the first blocks after launch",
    tone: "border-amber-400/40 bg-amber-400/10 text-amber-300",
  },
  wash: {
    label: "WASH",
    title: "Wash trade: flagged as the same party on both sides",
    tone: "border-down/40 bg-down/10 text-down",
  },
  preconfirmed: {
    label: "PRECONF",
    title: "Preconfirmed: seen before the block committed; removed if the transaction reverts",
    tone: "border-dashed border-muted/60 text-muted",
  },
  dexPaid: { label: "DEX PAID", title: "The token's DEX profile is paid for", tone: "border-up/40 bg-up/10 text-up" },
  migrated: {
    label: "MIGRATED",
    title: "Graduated from its bonding curve to a DEX pool",
    tone: "border-accent/40 text-accent",
  },
} as const;

export type BadgeKind = keyof typeof BADGES;
export const BADGE_KINDS = Object.keys(BADGES) as BadgeKind[];

const SHAPE =
  "inline-flex shrink-0 items-center rounded border px-1 text-micro font-semibold leading-4 tracking-wide whitespace-nowrap";

/** A flag on a trade, trader or token, with its meaning in the title. */
export function Badge({ kind, className }: { kind: BadgeKind; className?: string }) {
  const b = BADGES[kind];
  return (
    <span title={b.title} className={cn(SHAPE, b.tone, className)}>
      {b.label}
    </span>
  );
}

export type ChipTone = "neutral" | "accent" | "up" | "down" | "warn";
const CHIP_TONES: Record<ChipTone, string> = {
  neutral: "border-border bg-panel-raised text-muted",
  accent: "border-accent/40 bg-accent/15 text-accent",
  up: "border-up/40 bg-up/10 text-up",
  down: "border-down/40 bg-down/10 text-down",
  warn: "border-amber-400/40 bg-amber-400/10 text-amber-300",
};

/** A generic small label: chain, launchpad, "Simulated market". */
export function Chip({
  tone = "neutral",
  title,
  children,
  className,
}: {
  tone?: ChipTone;
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span title={title} className={cn(SHAPE, CHIP_TONES[tone], className)}>
      {children}
    </span>
  );
}
