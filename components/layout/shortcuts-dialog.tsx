"use client";

import { Fragment, useRef } from "react";
import { Kbd } from "@/components/ui";
import { useOverlay } from "./overlay-store";
import { SHORTCUT_GROUPS } from "./shortcuts";
import { useModalDialog } from "./use-modal-dialog";

/** The `?` overlay's dialog: every keyboard shortcut in one list (loaded by ./shortcuts-overlay.tsx). */
export function ShortcutsDialog() {
  const close = useOverlay((s) => s.close);
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes via the dialog's cancel event
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-title"
      onCancel={close} // the store follows Esc at once (see the search palette)
      onClose={close}
      onClick={(e) => e.target === ref.current && close()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-border bg-panel p-0 text-fg shadow-2xl backdrop:bg-black/60"
    >
      <div className="flex items-center justify-between border-b border-border px-4 py-2.5">
        <h2 id="shortcuts-title" className="text-sm font-semibold">
          Keyboard shortcuts
        </h2>
        <button type="button" onClick={close} className="rounded px-1.5 text-xs text-muted hover:text-fg">
          Close
        </button>
      </div>
      <div className="flex flex-col gap-4 px-4 py-3">
        {SHORTCUT_GROUPS.map((g) => (
          <section key={g.title} aria-labelledby={`sc-${g.title}`}>
            <h3 id={`sc-${g.title}`} className="mb-1.5 text-micro font-semibold tracking-wide text-muted uppercase">
              {g.title}
            </h3>
            <dl className="grid grid-cols-[10rem_1fr] items-center gap-x-4 gap-y-1.5 text-xs">
              {g.items.map((item) => (
                <Fragment key={item.label}>
                  <dt className="flex flex-wrap items-center gap-1">
                    {item.keys.map((combo, i) => (
                      <span key={combo.join("+")} className="flex items-center gap-0.5">
                        {i > 0 ? <span className="mr-0.5 text-muted">or</span> : null}
                        {combo.map((key) => (
                          <Kbd key={key}>{key}</Kbd>
                        ))}
                      </span>
                    ))}
                  </dt>
                  <dd className="text-muted">{item.label}</dd>
                </Fragment>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </dialog>
  );
}
