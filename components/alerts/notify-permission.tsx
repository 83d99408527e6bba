"use client";

import { useEffect, useState } from "react";

/** Asks for browser notifications (alerts always show in the page as well). */
export function NotifyPermission() {
  const [state, setState] = useState<NotificationPermission | "unsupported" | null>(null);
  useEffect(() => setState(typeof Notification === "undefined" ? "unsupported" : Notification.permission), []);
  if (state === null || state === "unsupported") return null;
  if (state === "granted") return <span className="text-micro text-muted">Browser notifications on</span>;
  if (state === "denied")
    return <span className="text-micro text-muted">Browser notifications blocked; alerts show here</span>;
  return (
    <button
      type="button"
      className="text-micro text-accent hover:underline"
      onClick={() => void Notification.requestPermission().then(setState)}
    >
      Also notify me outside this tab
    </button>
  );
}
