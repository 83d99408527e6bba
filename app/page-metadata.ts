import type { Metadata } from "next";

export const SITE_NAME = "TradeScope";
export const SITE_DESCRIPTION = "Live explorer for tokens and wallets on EVM chains and Solana.";

/**
 * A page's title and description, and the same pair as Open Graph tags, so link unfurlers that read only `og:*` show
 * the page rather than the site. (A page's `openGraph` replaces its layout's whole, so each page states it in full.)
 */
export function pageMetadata(title: string, description: string = SITE_DESCRIPTION): Metadata {
  return {
    title,
    description,
    openGraph: { title: `${title} · ${SITE_NAME}`, description, siteName: SITE_NAME, type: "website" },
  };
}
