import { defaultShouldDehydrateQuery, dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { GlobalShortcuts } from "@/components/layout/global-shortcuts";
import { ShortcutsOverlay } from "@/components/layout/shortcuts-overlay";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SearchPalette } from "@/components/search/search-palette";
import { nativePricesOptions } from "@/lib/client/queries";
import { makeQueryClient } from "@/lib/client/query-client";
import { publicBaseUrl } from "@/lib/server/http/public-url";
import { prefetchQuery } from "@/lib/server/prefetch";
import { upstreamKind } from "@/lib/server/upstream/target";
import { SITE_DESCRIPTION, SITE_NAME } from "./page-metadata";
import { Providers } from "./providers";
import "./globals.css";

export function generateMetadata(): Metadata {
  return {
    metadataBase: publicBaseUrl(),
    title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
    description: SITE_DESCRIPTION,
    openGraph: { title: SITE_NAME, description: SITE_DESCRIPTION, siteName: SITE_NAME, type: "website" },
  };
}

export const viewport: Viewport = {
  colorScheme: "dark",
  themeColor: "#0a0c10",
};

/** How long a page's first bytes may wait for the header's native prices (a cached answer is there at once). */
const HEADER_PRICES_WAIT_MS = 250;

/**
 * The header's native prices for the first HTML, when the server has them within HEADER_PRICES_WAIT_MS: the ticker
 * then paints with the page instead of as placeholders that the browser fills in after hydration. A slow or failing
 * price feed never holds a page: only an answer already in is sent (no pending query), and the browser asks as before.
 */
async function headerPrices() {
  const qc = makeQueryClient();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    prefetchQuery(qc, nativePricesOptions()),
    new Promise((resolve) => {
      timer = setTimeout(resolve, HEADER_PRICES_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return dehydrate(qc, { shouldDehydrateQuery: defaultShouldDehydrateQuery });
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: every page carries that request's CSP nonce, and the market kind is read at run time.
  await connection();
  const simulated = upstreamKind() === "embedded";
  const prices = await headerPrices();
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-bg font-sans text-fg antialiased">
        <Providers>
          <HydrationBoundary state={prices}>
            <SiteHeader simulated={simulated} />
          </HydrationBoundary>
          {/* At least a screen tall: the footer starts below the fold, so content the browser adds after the first
              paint (a wallet list read from this browser's storage, a grid of charts) never pushes it down the screen. */}
          <main className="mx-auto flex min-h-dvh w-full max-w-screen-2xl flex-1 flex-col px-3 py-4">{children}</main>
          <SiteFooter simulated={simulated} />
          <SearchPalette />
          <ShortcutsOverlay />
          <GlobalShortcuts />
        </Providers>
      </body>
    </html>
  );
}
