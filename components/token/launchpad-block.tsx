"use client";

import { Age } from "@/components/ui/age";
import { Badge, Chip } from "@/components/ui/badge";
import { ProgressBar } from "@/components/ui/progress-bar";
import { SafeText } from "@/components/ui/safe-text";
import type { LaunchpadBlock as Launchpad } from "@/lib/api/core";
import { shortAddress } from "@/lib/format";

/** Launchpad, factory, bonding progress, and the migration once it happened (graduatedAt from the migration event). */
export function LaunchpadBlock({ launchpad }: { launchpad: Launchpad }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-testid="launchpad-block">
      <span className="flex items-center gap-1 text-micro uppercase tracking-wide text-muted">
        Launchpad
        <Chip tone="accent" title={`Factory ${launchpad.factory}`}>
          <SafeText value={launchpad.launchpad} max={20} />
        </Chip>
        <span className="num font-mono normal-case" title={launchpad.factory}>
          {shortAddress(launchpad.factory, 4, 4)}
        </span>
      </span>
      {launchpad.migrated ? (
        <span className="flex items-center gap-1.5 text-xs">
          <Badge kind="migrated" />
          {launchpad.graduatedAt !== null ? (
            <span className="text-muted">
              <Age at={launchpad.graduatedAt} suffix=" ago" />
            </span>
          ) : null}
        </span>
      ) : (
        <ProgressBar value={launchpad.bondingProgress} className="w-32 text-xs" />
      )}
    </div>
  );
}
