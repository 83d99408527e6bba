import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/layout/site-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "TradeScope", template: "%s · TradeScope" },
  description: "Live explorer for tokens and wallets on EVM chains and Solana.",
};

export const viewport: Viewport = {
  colorScheme: "dark",
  themeColor: "#0a0c10",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col bg-bg font-sans text-fg antialiased">
        <SiteHeader />
        <main className="mx-auto flex w-full max-w-screen-2xl flex-1 flex-col px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
