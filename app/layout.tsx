import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { GlobalShortcuts } from "@/components/layout/global-shortcuts";
import { ShortcutsOverlay } from "@/components/layout/shortcuts-overlay";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SearchPalette } from "@/components/search/search-palette";
import { publicBaseUrl } from "@/lib/server/http/public-url";
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

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: every page carries that request's CSP nonce, and the market kind is read at run time.
  await connection();
  const simulated = upstreamKind() === "embedded";
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-bg font-sans text-fg antialiased">
        <Providers>
          <SiteHeader simulated={simulated} />
          <main className="mx-auto flex w-full max-w-screen-2xl flex-1 flex-col px-3 py-4">{children}</main>
          <SiteFooter simulated={simulated} />
          <SearchPalette />
          <ShortcutsOverlay />
          <GlobalShortcuts />
        </Providers>
      </body>
    </html>
  );
}
