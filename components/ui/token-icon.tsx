"use client";

import { useEffect, useRef, useState } from "react";
import { proxiedImageUrl } from "@/lib/format/safe-url";
import { Avatar } from "./avatar";
import { cn } from "./cn";

/**
 * A token's icon: only https, non-SVG URLs (or the embedded market's own), loaded through this site's image route
 * as a fixed-size <img>. Unsafe, missing or broken icons fall back to the address's generated avatar. `priority`
 * marks an icon above the fold (the first cards): fetched at once with high priority, the page's likely LCP.
 */
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
  priority?: boolean;
  className?: string;
}) {
  const safe = proxiedImageUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  // An image that settled before hydration never fires React's onLoad / onError: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (!img?.complete || !safe) return;
    if (img.naturalWidth === 0) setFailed(safe);
    else setLoaded(safe);
  }, [safe]);

  const avatar = <Avatar seed={seed} size={size} label={alt || undefined} className={cn("rounded-full", className)} />;
  if (!safe || failed === safe) return avatar;
  // The generated avatar sits under the icon until it has loaded, so a slow or dead host never leaves an empty square;
  // the icon itself is visible from the first paint (no script needed to show it, so it can be the LCP at once).
  return (
    <span className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      {loaded === safe ? null : avatar}
      {/* biome-ignore lint/performance/noImgElement: icons are hostile third-party URLs; never fetch them server-side through an optimiser */}
      <img
        ref={ref}
        src={safe}
        alt={alt}
        width={size}
        height={size}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        referrerPolicy="no-referrer"
        onLoad={() => setLoaded(safe)}
        onError={() => setFailed(safe)}
        className={cn("absolute inset-0 shrink-0 rounded-full object-cover", className)}
      />
    </span>
  );
}
