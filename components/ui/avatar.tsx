import { cn } from "./cn";
import { IDENTICON_VIEWBOX, identicon } from "./identicon";

/**
 * A generated avatar for an address or any seed: gradient disc with a mirrored pattern, drawn in SVG
 * (presentation attributes only, so it needs no inline style and no image request). The pattern is one `<path>`:
 * a board draws two faces per card, so this markup is a large part of the page.
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
  const c = IDENTICON_VIEWBOX / 2;
  return (
    <svg
      viewBox={`0 0 ${IDENTICON_VIEWBOX} ${IDENTICON_VIEWBOX}`}
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
      <circle cx={c} cy={c} r={c} fill={`url(#${id})`} />
      {p.path ? <path d={p.path} fill="white" fillOpacity="0.8" /> : null}
    </svg>
  );
}
