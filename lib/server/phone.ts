/**
 * A phone's browser (Chromium's client hint, else "Mobi" in the user agent): pages draw on the server only what its
 * one-column screen shows first (the board's one column, the token page's first tape rows).
 */
export function isPhone(h: Pick<Headers, "get">): boolean {
  const hint = h.get("sec-ch-ua-mobile");
  if (hint !== null) return hint === "?1";
  return /Mobi/i.test(h.get("user-agent") ?? "");
}
