import type { CSSProperties, ReactNode } from "react";

// The frame of the share cards (OpenGraph images of token and wallet pages): one palette, one full-size column.

export const OG_COLORS = {
  bg: "#0a0c10",
  panel: "#11151b",
  fg: "#e6e9ef",
  muted: "#8791a1",
  up: "#16c784",
  down: "#ea3943",
} as const;

export function OgCard({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        background: OG_COLORS.bg,
        color: OG_COLORS.fg,
        ...style,
      }}
    >
      {children}
    </div>
  );
}
