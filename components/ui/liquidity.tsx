import { Usd } from "./num";

/**
 * Liquidity in USD; between a migration and its DEX pool's first liquidity the upstream reports 0, which is "moving",
 * never "$0" (that would read as a rug). A bonding curve's $0 is shown as is.
 */
export function Liquidity({
  migrated,
  liquidityUsd,
  className,
}: {
  migrated: boolean;
  liquidityUsd: number | null;
  className?: string;
}) {
  if (migrated && liquidityUsd === 0)
    return (
      <span className="text-amber-300" title="Liquidity is moving from the bonding curve to the DEX pool">
        moving
      </span>
    );
  return <Usd value={liquidityUsd} className={className} />;
}
