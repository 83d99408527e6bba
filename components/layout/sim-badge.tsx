import { Chip } from "@/components/ui";

/** Said plainly: this app runs on the embedded simulated market, not on live chains. */
export function SimBadge() {
  return (
    <Chip tone="warn" title="Prices, trades and wallets come from the embedded simulated market, not from live chains">
      <span className="hidden md:inline">Simulated market</span>
      <span className="md:hidden" aria-hidden="true">
        SIM
      </span>
      <span className="sr-only md:hidden">Simulated market</span>
    </Chip>
  );
}
