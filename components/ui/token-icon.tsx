"use client";

import { useEffect, useRef, useState } from "react";
import { safeImageUrl } from "@/lib/format/safe-url";
import { Avatar } from "./avatar";
import { cn } from "./cn";

/**
 * A token's icon: only https, non-SVG URLs, loaded as a fixed-size <img> with no referrer. Unsafe, missing or
 * broken icons fall back to the address's generated avatar.
 */
export function TokenIcon({
  src,
  seed,
  size = 24,
  alt = "",
  className,
}: {
  src: unknown;
  /** The token address: seeds the fallback avatar. */
  seed: string;
  size?: number;
  alt?: string;
  className?: string;
}) {
  const safe = safeImageUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration never fires onError for React: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && safe) setFailed(safe);
  }, [safe]);

  if (!safe || failed === safe)
    return <Avatar seed={seed} size={size} label={alt || undefined} className={cn("rounded-full", className)} />;
  return (
    // biome-ignore lint/performance/noImgElement: icons are hostile third-party URLs; never fetch them server-side through an optimiser
    <img
      ref={ref}
      src={safe}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(safe)}
      className={cn("shrink-0 rounded-full bg-panel-raised object-cover", className)}
    />
  );
}
