"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ChangeEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ChainId } from "@/lib/api/core";
import { searchOptions } from "@/lib/client/queries";
import { ErrorState, Kbd, SearchIcon, SkeletonRows } from "@/components/ui";
import { useOverlay } from "@/components/layout/overlay-store";
import { ChainFilter } from "./chain-filter";
import { buildOptions, type PaletteOption } from "./palette-options";
import { SearchListbox, optionDomId } from "./search-listbox";
import {
  moveActive,
  queryAddress,
  resolveAddressTarget,
  type SearchTarget,
  targetHref,
  tokenHref,
  walletHref,
} from "./search-target";
import { isSearchable, searchInput, useSearchResults } from "./use-search-results";
import { useRecents } from "./use-recents";
import { useModalDialog } from "@/components/layout/use-modal-dialog";

/** The ⌘K palette's dialog (loaded by ./search-palette.tsx, mounted only while open). */
export function PaletteDialog() {
  const seed = useOverlay((s) => s.searchSeed);
  const picker = useOverlay((s) => s.pick);
  const close = useOverlay((s) => s.close);
  const router = useRouter();
  const qc = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const [q, setQ] = useState(seed);
  const [chain, setChain] = useState<ChainId | undefined>(undefined);
  const [active, setActive] = useState(0);
  const [resolving, setResolving] = useState<string | null>(null);
  const [resolveError, setResolveError] = useState<unknown>(null);
  const { recents, remember, clear } = useRecents();
  const search = useSearchResults(q, chain);
  const options = useMemo(
    () =>
      buildOptions({
        typed: q,
        settled: search.settled,
        results: search.results,
        pending: search.pending,
        recents,
        chain,
      }),
    [q, search.settled, search.results, search.pending, recents, chain],
  );

  useModalDialog(dialog);
  // A new list starts at its first row.
  useEffect(() => setActive(options.length ? 0 : -1), [options]);

  // A lookup that finishes after the palette closed must not navigate.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  function go(target: SearchTarget) {
    if (!alive.current) return;
    if (picker) {
      // Pick mode: only a token answers; the palette stays open on a wallet.
      if (target.kind !== "token") return setResolveError(new Error("Pick a token, not a wallet"));
      close();
      picker.onPick({
        chain: target.chain,
        address: target.address,
        symbol: target.result.symbol,
        createdAt: target.result.createdAt,
      });
      return;
    }
    if (target.kind === "token")
      remember({
        kind: "token",
        chain: target.chain,
        address: target.address,
        symbol: target.result.symbol,
        name: target.result.name,
        at: Date.now(),
      });
    else remember({ kind: "wallet", address: target.address, at: Date.now() });
    close();
    router.push(targetHref(target));
  }

  async function resolve(address: string) {
    setResolving(address);
    setResolveError(null);
    try {
      const env = await qc.fetchQuery(searchOptions(searchInput(address, chain)));
      const target = resolveAddressTarget(address, env.data, chain);
      if (target) go(target);
    } catch (error) {
      setResolveError(error);
    } finally {
      setResolving(null);
    }
  }

  function pick(o: PaletteOption) {
    if (o.kind === "token")
      return go({ kind: "token", chain: o.result.chain, address: o.result.address, result: o.result });
    if (o.kind === "wallet") return go({ kind: "wallet", address: o.address, chain: o.chain });
    if (o.kind === "address") return void resolve(o.address);
    const e = o.entry;
    if (e.kind === "query") return setQ(e.q);
    if (picker) {
      if (e.kind !== "token") return setResolveError(new Error("Pick a token, not a wallet"));
      close();
      return picker.onPick({ chain: e.chain, address: e.address, symbol: e.symbol });
    }
    remember(e);
    close();
    router.push(e.kind === "token" ? tokenHref(e.chain, e.address) : walletHref(e.address));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => moveActive(i, options.length, e.key as "ArrowDown" | "ArrowUp"));
    } else if (e.key === "Enter") {
      e.preventDefault();
      const addr = queryAddress(q);
      const o = options[active];
      if (o) pick(o);
      else if (addr) void resolve(addr);
    }
  }

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const value = e.target.value;
    setQ(value);
    setResolveError(null);
    // A pasted address jumps straight to its token or wallet.
    const addr = queryAddress(value);
    if (addr && (e.nativeEvent as InputEvent).inputType === "insertFromPaste") void resolve(addr);
  }

  const typed = q.trim();
  const loading = search.pending && options.every((o) => o.kind === "address");
  const empty = !loading && !search.error && isSearchable(typed) && options.length === 0 && !search.pending;
  const tooShort = typed.length > 0 && !isSearchable(typed);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes via the dialog's cancel event
    <dialog
      ref={dialog}
      aria-label={picker ? picker.label : "Search tokens and wallets"}
      // Esc: `cancel` fires with the key press, `close` only in a later task; a shortcut pressed between them must
      // already see the palette closed (else ⌘K "toggles" it shut again and nothing opens).
      onCancel={close}
      onClose={close}
      onClick={(e) => e.target === dialog.current && close()}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-transparent p-0 text-fg backdrop:bg-black/60 sm:mx-auto sm:mt-[10vh] sm:h-auto sm:max-w-2xl"
    >
      <div className="flex h-full flex-col overflow-hidden border-border bg-panel shadow-2xl sm:h-auto sm:max-h-[70vh] sm:rounded-lg sm:border">
        <div className="flex items-center gap-2 border-b border-border px-3">
          <SearchIcon className="size-4 text-muted" />
          <input
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 && options[active] ? optionDomId(listId, active) : undefined}
            aria-label="Search by name, symbol, token, pool or wallet address"
            placeholder="Name, symbol, token / pool / wallet address"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            value={q}
            onChange={onChange}
            onKeyDown={onKeyDown}
            className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted"
          />
          {resolving || (search.pending && typed) ? (
            <span role="status" className="text-mini text-muted">
              Searching…
            </span>
          ) : null}
          <button
            type="button"
            onClick={close}
            className="rounded px-1.5 py-0.5 text-xs text-muted hover:text-fg sm:hidden"
          >
            Cancel
          </button>
          <Kbd className="hidden sm:inline">Esc</Kbd>
        </div>
        <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-1.5">
          <ChainFilter value={chain} onChange={setChain} />
          {!typed && recents.length ? (
            <button type="button" onClick={clear} className="shrink-0 text-mini text-muted hover:text-fg">
              Clear recent
            </button>
          ) : null}
        </div>
        {/* Focusable so the list scrolls from the keyboard too (arrows in the field move the selection). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
        <section aria-label="Search results" tabIndex={0} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {!typed && recents.length ? (
            <p className="px-4 pt-2 text-micro font-semibold tracking-wide text-muted uppercase">Recent</p>
          ) : null}
          <SearchListbox
            id={listId}
            label="Results"
            options={options}
            active={active}
            onHover={setActive}
            onPick={pick}
            busy={search.pending}
          />
          {loading && !resolving ? (
            <div className="px-3 pb-3">
              <SkeletonRows rows={4} rowClassName="h-9" label="Searching" />
            </div>
          ) : null}
          {search.error || resolveError ? (
            <ErrorState compact error={search.error ?? resolveError} onRetry={search.refetch} />
          ) : null}
          {empty ? (
            <p className="px-4 py-8 text-center text-sm text-muted">No tokens match “{typed.slice(0, 60)}”.</p>
          ) : null}
          {tooShort ? (
            <p className="px-4 py-8 text-center text-xs text-muted">Keep typing: at least 2 characters.</p>
          ) : null}
          {!typed && !recents.length ? (
            <p className="px-4 py-8 text-center text-xs text-muted">
              Search by name or symbol, or paste a token, pool or wallet address.
            </p>
          ) : null}
        </section>
        <div className="hidden items-center gap-3 border-t border-border px-3 py-1.5 text-mini text-muted sm:flex">
          <span>
            <Kbd>↑</Kbd> <Kbd>↓</Kbd> move
          </span>
          <span>
            <Kbd>Enter</Kbd> open
          </span>
          <span>
            <Kbd>Esc</Kbd> close
          </span>
        </div>
      </div>
    </dialog>
  );
}
