"use client";

import { useEffect, useRef, useState } from "react";
import { proxiedImageUrl } from "@/lib/format/safe-url";
import { Avatar } from "./avatar";
import { cn } from "./cn";

/**
 * A token's icon: only https, non-SVG URLs (or the embedded market's own), loaded through this site's image route
 * as a fixed-size <img> over a plain disc. Unsafe, missing or broken icons fall back to the address's generated
 * avatar (drawn only then: a board of icons does not carry a hidden avatar under each). `priority`
 * marks an icon above the fold: `true` (the first cards, a page's header) is fetched at once with high priority, the
 * page's likely LCP; `"eager"` (the rest of the first screen) is fetched from the HTML too, at the usual priority, so
 * it paints without waiting for the page's scripts; the others load as they near the screen.
 */
export type IconPriority = boolean | "eager";

export function TokenIcon({
  src,
  seed,
  size = 24,
  alt = "",
  priority = false,
  className,
}: {
  src: unknown;
  /** The token address: seeds the fallback avatar. */
  seed: string;
  size?: number;
  alt?: string;
  priority?: IconPriority;
  className?: string;
}) {
  const safe = proxiedImageUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration never fires React's onError: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && safe && img.naturalWidth === 0) setFailed(safe);
  }, [safe]);

  if (!safe || failed === safe)
    return <Avatar seed={seed} size={size} label={alt || undefined} className={cn("rounded-full", className)} />;
  // The icon is visible from the first paint (no script needed to show it, so it can be the LCP at once); a slow host
  // shows the disc under it meanwhile, a dead one the avatar.
  return (
    <span
      className={cn("relative inline-flex shrink-0 rounded-full bg-panel-raised", className)}
      style={{ width: size, height: size }}
    >
      {/* biome-ignore lint/performance/noImgElement: icons are hostile third-party URLs; never fetch them server-side through an optimiser */}
      <img
        ref={ref}
        src={safe}
        alt={alt}
        width={size}
        height={size}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority === true ? "high" : undefined}
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(safe)}
        className={cn("absolute inset-0 shrink-0 rounded-full object-cover", className)}
      />
    </span>
  );
}
