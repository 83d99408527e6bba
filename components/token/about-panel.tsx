"use client";

import { Address } from "@/components/ui/address";
import { Badge } from "@/components/ui/badge";
import type { ChainId, TokenDetail, TokenMetadata } from "@/lib/api/core";
import { formatCompact, formatDateTimeUtc, safeText } from "@/lib/format";
import { TokenLinks } from "./token-links";
import { WalletLink } from "./wallet-link";

const DESCRIPTION_MAX = 256;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-2 border-b border-border/50 px-2 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** What the token says about itself (as text, links https only) and the facts the chain knows. */
export function AboutPanel({
  chain,
  token,
  meta,
}: {
  chain: ChainId;
  token: TokenDetail;
  meta: TokenMetadata | null | undefined;
}) {
  const desc = safeText(meta?.description ?? "", { maxGraphemes: DESCRIPTION_MAX });
  return (
    <div className="flex flex-col gap-2 text-xs" data-testid="about-panel">
      <div className="px-2 pt-2">
        {desc.text ? (
          <p
            className="whitespace-pre-line break-words text-fg"
            title={desc.suspicious ? desc.warnings.join(". ") : undefined}
          >
            <bdi>{desc.text}</bdi>
          </p>
        ) : (
          <p className="italic text-muted">No description.</p>
        )}
        {desc.suspicious ? <p className="mt-1 text-mini text-amber-300">⚠ {desc.warnings.join(". ")}</p> : null}
      </div>
      <TokenLinks meta={meta} className="px-2" />
      <dl>
        <Row label="DEX paid">{meta?.dexPaid ? <Badge kind="dexPaid" /> : <span className="text-muted">No</span>}</Row>
        <Row label="Token">
          <Address address={token.address} chars={6} />
        </Row>
        <Row label="Deployer">
          {token.deployer ? (
            <WalletLink address={token.deployer} chain={chain} chars={6} />
          ) : (
            <span className="text-muted">Unknown</span>
          )}
        </Row>
        <Row label="Created">
          <span className="num">{formatDateTimeUtc(token.createdAt)}</span>
        </Row>
        <Row label="Total supply">
          <span className="num" title={token.totalSupply}>
            {formatCompact(token.totalSupply)}
          </span>
        </Row>
        <Row label="Decimals">
          <span className="num">{token.decimals}</span>
        </Row>
      </dl>
    </div>
  );
}
