"use client";

import { memo, useRef } from "react";
import { Sparkline } from "@/components/ui";
import { useSparkline } from "./use-sparkline";
import { useVisible } from "./visibility";

/** The pool's last hour, loaded (batched) only while the card is on screen. */
export const CardSparkline = memo(function CardSparkline({ chain, pool }: { chain: string; pool: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const visible = useVisible(ref);
  const values = useSparkline(chain, pool, visible);
  return (
    <span ref={ref} className="flex h-4 w-14 items-center" data-spark={values ? "loaded" : "pending"}>
      {values ? <Sparkline values={values} width={56} height={16} label="Price, last hour" /> : null}
    </span>
  );
});
