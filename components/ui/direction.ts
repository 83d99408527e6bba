import type { Direction } from "@/lib/format/percent";

/** Text colour per direction (theme tokens from app/globals.css). */
export const DIRECTION_CLASS: Record<Direction, string> = {
  up: "text-up",
  down: "text-down",
  flat: "text-muted",
};
