"use client";

import { useRef, useState } from "react";
import { exportCsv, exportJson, importFollows } from "@/lib/client/tracker";
import { serverClock } from "@/lib/client/server-clock";
import { useFollows } from "@/lib/client/tracker/store";

const BTN = "rounded border border-border px-2 py-0.5 text-mini text-muted hover:border-accent hover:text-fg";

function download(text: string, type: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Export the list as JSON or CSV; import either (checked whole first: a bad row is named and nothing changes). */
export function ImportExport() {
  const wallets = useFollows((s) => s.wallets);
  const replace = useFollows((s) => s.replace);
  const file = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    const text = await f.text();
    const r = importFollows(useFollows.getState().wallets, text, Date.now() + serverClock.offsetMs());
    if (!r.ok) setMessage({ ok: false, text: `${f.name}: ${r.message}` });
    else {
      replace(r.items);
      setMessage({
        ok: true,
        text: `Imported ${r.added} new wallet${r.added === 1 ? "" : "s"}${r.renamed ? `, renamed ${r.renamed}` : ""}`,
      });
    }
    if (file.current) file.current.value = "";
  };

  return (
    <div className="flex flex-col gap-1 px-3 py-2">
      <div className="flex flex-wrap items-center gap-1.5">
        <button type="button" className={BTN} onClick={() => file.current?.click()}>
          Import
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,.csv,application/json,text/csv,text/plain"
          aria-label="Import wallets from a JSON or CSV file"
          data-testid="tracker-import"
          className="hidden"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <button
          type="button"
          className={BTN}
          disabled={wallets.length === 0}
          onClick={() => download(exportJson(wallets), "application/json", "tradescope-wallets.json")}
        >
          Export JSON
        </button>
        <button
          type="button"
          className={BTN}
          disabled={wallets.length === 0}
          onClick={() => download(exportCsv(wallets), "text/csv", "tradescope-wallets.csv")}
        >
          Export CSV
        </button>
      </div>
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          data-testid="tracker-import-message"
          className={`text-mini ${message.ok ? "text-up" : "text-down"}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
