// The first checks of every frame codec (frames.ts, the shared worker's light-codec.ts): a text frame holding a JSON
// object.

export type JsonFrame = { ok: true; json: Record<string, unknown>; text: string } | { ok: false; reason: string };

export function readJsonFrame(raw: unknown): JsonFrame {
  if (typeof raw !== "string") return { ok: false, reason: "binary frame" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return { ok: false, reason: "not an object" };
  return { ok: true, json: json as Record<string, unknown>, text: raw };
}
