"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AlertHost } from "@/components/alerts/alert-host";
import { getQueryClient } from "@/lib/client/query-client";
import { StreamProvider } from "@/lib/client/stream/provider";

// The browser's data layer: one QueryClient per tab (a fresh one per server render), one live stream per tab.
export function Providers({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <StreamProvider>
        {children}
        <AlertHost />
      </StreamProvider>
    </QueryClientProvider>
  );
}
