import type { ReactNode } from "react";

export const metadata = {
  title: "Baseline",
  description: "A bare page of the framework, the floor of the Lighthouse benchmark.",
};

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ background: "#0a0c10", color: "#d1d5db", fontFamily: "system-ui, sans-serif", margin: 16 }}>
        {children}
      </body>
    </html>
  );
}
