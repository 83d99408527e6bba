import { formatNativePrice, formatPrice, formatUsdPrice, plainPrice } from "@/lib/format/price";
import { toFiniteNumber } from "@/lib/format/symbols";
import { cn } from "./cn";
import { UnknownValue } from "./unknown-value";

export type PriceQuote = "usd" | "none" | { symbol: string };

/**
 * A price with tiny values written 0.0₅5123 (zero count as a subscript digit, which copies as what it shows).
 * Screen readers and the title get the plain decimals.
 */
export function Price({ value, quote = "usd", className }: { value: unknown; quote?: PriceQuote; className?: string }) {
  if (toFiniteNumber(value) === null) return <UnknownValue className={className} />;
  const shown =
    quote === "usd"
      ? formatUsdPrice(value)
      : quote === "none"
        ? formatPrice(value)
        : formatNativePrice(value, quote.symbol);
  const plain = plainPrice(value);
  const spoken = quote === "usd" ? `$${plain}` : quote === "none" ? plain : `${plain} ${quote.symbol}`;
  return (
    <span className={cn("num whitespace-nowrap", className)} title={spoken}>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only select-none">{spoken}</span>
    </span>
  );
}
