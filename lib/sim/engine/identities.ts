import { assetUrl, DETACHED_ASSET_BASE } from "./assets";
import type { IdentityHarvested } from "./events";
import { DISPLAY_FIRST, DISPLAY_LAST } from "./names";
import type { Rng } from "./rng";
import type { SimWallet } from "./world";

// Identity profiles (§2.6) for part of the population, some clustered across several wallets of one person.
// A share is only harvested later: an absent identity is never permanent.

const SHARE: Record<SimWallet["kind"], number> = {
  pro: 0.85,
  sniper: 0.25,
  creator: 0.12,
  ordinary: 0.03,
  wash: 0,
  bot: 0,
};

export interface PlannedIdentity {
  revealAt: number;
  event: IdentityHarvested;
}

export function planIdentities(
  rng: Rng,
  wallets: SimWallet[],
  start: number,
  assetBase = DETACHED_ASSET_BASE,
): PlannedIdentity[] {
  const out: PlannedIdentity[] = [];
  const spare = {
    evm: wallets.filter((w) => w.kind === "ordinary" && w.family === "evm"),
    solana: wallets.filter((w) => w.kind === "ordinary" && w.family === "solana"),
  };
  let n = 0;
  const used = new Set<string>();
  for (const w of wallets) {
    if (!rng.chance(SHARE[w.kind]) || used.has(w.address)) continue;
    const group = [w];
    used.add(w.address);
    // About a third of people run several wallets, often across families.
    if (rng.chance(0.35)) {
      const extra = rng.int(1, 3);
      for (let i = 0; i < extra; i++) {
        const fam = rng.chance(0.5) ? "evm" : "solana";
        const pool = spare[fam];
        const pick = pool.length ? (pool.splice(rng.int(0, pool.length - 1), 1)[0] as SimWallet) : null;
        if (pick && !used.has(pick.address)) {
          used.add(pick.address);
          group.push(pick);
        }
      }
    }
    const handle = `${rng.pick(DISPLAY_FIRST)}${rng.pick(DISPLAY_LAST)}${rng.chance(0.4) ? rng.int(1, 999) : ""}`;
    const hasEvm = group.some((g) => g.family === "evm");
    const hasSol = group.some((g) => g.family === "solana");
    const onBase = group.some((g) => g.chains.includes("evm:8453"));
    const socials: Record<string, string> = {};
    const followerCounts: Record<string, number> = {};
    const sources: string[] = [];
    if (rng.chance(0.8)) {
      socials.twitter = `https://x.com/${handle}`;
      followerCounts.twitter = Math.round(rng.logNormal(900, 1.8));
      sources.push("twitter");
    }
    if (rng.chance(0.35)) {
      socials.farcaster = `https://farcaster.xyz/${handle}`;
      followerCounts.farcaster = Math.round(rng.logNormal(150, 1.5));
      sources.push("farcaster");
    }
    if (rng.chance(0.15)) socials.github = `https://github.com/${handle}`;
    if (rng.chance(0.2)) socials.url = `https://${handle}.sim-market.invalid`;
    if (w.kind === "pro") socials.tag = rng.pick(["kol", "fund", "smart-money", "top-trader"]);
    const ensName = hasEvm && rng.chance(0.6) ? `${handle}.eth` : null;
    const basename = onBase && rng.chance(0.5) ? `${handle}.base.eth` : null;
    const solName = hasSol && rng.chance(0.55) ? `${handle}.sol` : null;
    if (ensName) sources.push("ens");
    if (basename) sources.push("basenames");
    if (solName) sources.push("sns");
    if (sources.length === 0) sources.push("onchain-label");
    const known = rng.chance(0.6);
    const revealAt = known ? start : start + Math.round(rng.exp(45 * 60_000));
    out.push({
      revealAt,
      event: {
        type: "identity",
        at: revealAt,
        group: `idg_${(n++).toString(36).padStart(4, "0")}${rng.hex(6)}`,
        wallets: group.map((g) => g.address),
        displayName: rng.chance(0.9) ? handle : null,
        avatarUrl: rng.chance(0.75) ? assetUrl(assetBase, "avatar", rng.hex(12)) : null,
        ensName,
        basename,
        solName,
        bio: rng.chance(0.5)
          ? rng.pick(["building onchain", "memecoin archaeologist", "not financial advice", "early or wrong", "gm"])
          : null,
        socials,
        followerCounts,
        sources,
        isProTrader: w.kind === "pro",
      },
    });
  }
  return out;
}
