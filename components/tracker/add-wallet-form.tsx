"use client";

import { type FormEvent, useState } from "react";
import { isEvmAddress, isSolanaAddress, KNOWN_CHAINS } from "@/lib/api/core";
import { FOLLOW_MAX, FOLLOW_NAME_MAX } from "@/lib/client/tracker";
import { useFollows } from "@/lib/client/tracker/store";

const EVM_CHAINS = KNOWN_CHAINS.filter((c) => c.family === "evm");
const INPUT = "h-7 rounded border border-border bg-panel-raised px-2 text-xs text-fg placeholder:text-muted";

/** Follow by address: Solana addresses need no chain; an EVM wallet is followed on the chain picked. */
export function AddWalletForm() {
  const follow = useFollows((s) => s.follow);
  const count = useFollows((s) => s.wallets.length);
  const [address, setAddress] = useState("");
  const [chain, setChain] = useState("evm:8453");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const a = address.trim();
  const solana = isSolanaAddress(a);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!solana && !isEvmAddress(a)) return setError("Not an EVM or Solana wallet address");
    if (count >= FOLLOW_MAX) return setError(`The tracker holds ${FOLLOW_MAX} wallets: unfollow one first`);
    if (!follow({ chain: solana ? "solana" : chain, address: a, name }))
      return setError("Could not follow this wallet");
    setAddress("");
    setName("");
    setError(null);
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-1.5 border-b border-border px-3 py-2"
      aria-label="Follow a wallet"
    >
      <div className="flex gap-1.5">
        <input
          aria-label="Wallet address"
          placeholder="Wallet address (EVM or Solana)"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setError(null);
          }}
          spellCheck={false}
          autoComplete="off"
          maxLength={64}
          className={`${INPUT} min-w-0 flex-1 font-mono`}
        />
        <select
          aria-label="Chain"
          value={solana ? "solana" : chain}
          disabled={solana}
          onChange={(e) => setChain(e.target.value)}
          className={`${INPUT} w-28 px-1`}
        >
          {solana ? <option value="solana">Solana</option> : null}
          {EVM_CHAINS.map((c) => (
            <option key={c.chain} value={c.chain}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-1.5">
        <input
          aria-label="Name (optional)"
          placeholder="Name (optional)"
          value={name}
          maxLength={FOLLOW_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          className={`${INPUT} min-w-0 flex-1`}
        />
        <button
          type="submit"
          disabled={!a}
          className="h-7 rounded border border-accent bg-accent px-3 text-xs font-semibold text-bg disabled:opacity-50"
        >
          Follow
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-mini text-down">
          {error}
        </p>
      ) : null}
    </form>
  );
}
