import type { ReactNode } from "react";

const SIZES = {
  /** In a header's row of figures, which may shrink. */
  sm: { box: "flex min-w-0 flex-col", value: "text-[13px] leading-5 text-fg" },
  /** A section's headline figures. */
  lg: { box: "flex flex-col", value: "text-[15px] leading-5 font-semibold" },
} as const;

/** A figure under its small uppercase label. */
export function Metric({
  label,
  children,
  testId,
  size = "sm",
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  size?: keyof typeof SIZES;
}) {
  const s = SIZES[size];
  return (
    <div className={s.box} data-testid={testId}>
      <span className="text-micro uppercase tracking-wide text-muted">{label}</span>
      <span className={s.value}>{children}</span>
    </div>
  );
}
