import { cn } from "./cn";
import { identicon } from "./identicon";

/**
 * A generated avatar for an address or any seed: gradient disc with a mirrored pattern, drawn in SVG
 * (presentation attributes only, so it needs no inline style and no image request).
 */
export function Avatar({
  seed,
  size = 24,
  label,
  className,
}: {
  seed: string;
  size?: number;
  label?: string;
  className?: string;
}) {
  const p = identicon(seed);
  const id = `av-${p.key}`;
  return (
    <svg
      viewBox="0 0 10 10"
      width={size}
      height={size}
      className={cn("shrink-0", className)}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    >
      {label ? <title>{label}</title> : null}
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={p.from} />
          <stop offset="1" stopColor={p.to} />
        </linearGradient>
      </defs>
      <circle cx="5" cy="5" r="5" fill={`url(#${id})`} />
      {p.filled.map(({ col, row }) => (
        <rect
          key={`${col}-${row}`}
          x={2 + col * 1.2}
          y={2 + row * 1.2}
          width="1.2"
          height="1.2"
          fill="white"
          fillOpacity="0.8"
        />
      ))}
    </svg>
  );
}
