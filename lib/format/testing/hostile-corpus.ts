import { XSS_SENTINEL } from "./corpus-types";

// Hostile inputs seen in token metadata, with what the display helpers must make of them. Shared by the unit
// tests and the end-to-end tests (which plant them in a token and check that nothing runs).

export { HOSTILE_TEXT_CASES } from "./corpus-texts";
export type { TextCase, UrlCase } from "./corpus-types";
export { XSS_SENTINEL } from "./corpus-types";
export { HOSTILE_IMAGE_CASES, HOSTILE_URL_CASES } from "./corpus-urls";

/** Token metadata built to attack the page: every field must render inert. */
export const HOSTILE_TOKEN_METADATA = {
  name: `<img src=x onerror="window.${XSS_SENTINEL}=1">Pe\u202Epe`,
  symbol: "\uFF30\uFF25\uFF30\uFF25\u200B",
  iconUrl: `javascript:window.${XSS_SENTINEL}=1`,
  websiteUrl: `&#106;avascript:window.${XSS_SENTINEL}=1`,
  twitterUrl: `data:text/html,<script>window.${XSS_SENTINEL}=1</script>`,
  telegramUrl: ` javascript:window.${XSS_SENTINEL}=1`,
  description: `<script>window.${XSS_SENTINEL}=1</script><svg onload="window.${XSS_SENTINEL}=1">`,
} as const;
