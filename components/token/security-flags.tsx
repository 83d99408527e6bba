import { Chip, type ChipTone } from "@/components/ui/badge";
import type { TokenSecurity } from "@/lib/api/core";

// Tri-state authorities: present is a risk, renounced is fine, unknown is said plainly and never shown as safe.

const FLAGS = [
  { key: "mintAuthority", label: "Mint", risk: "The creator can still mint new supply" },
  { key: "freezeAuthority", label: "Freeze", risk: "The creator can still freeze holders' balances" },
] as const;

function flagText(v: boolean | null | undefined, risk: string): { text: string; tone: ChipTone; title: string } {
  if (v === true) return { text: "yes", tone: "down", title: risk };
  if (v === false) return { text: "no", tone: "up", title: "Authority renounced" };
  return { text: "unknown", tone: "warn", title: "Not known: treat as a risk until checked" };
}

export function SecurityFlags({ security }: { security: TokenSecurity | null | undefined }) {
  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="security-flags">
      {FLAGS.map((f) => {
        const d = flagText(security?.[f.key], f.risk);
        return (
          <Chip key={f.key} tone={d.tone} title={`${f.label} authority: ${d.text}. ${d.title}`}>
            <span data-flag={f.key} data-value={d.text}>
              {f.label} auth: {d.text}
            </span>
          </Chip>
        );
      })}
    </div>
  );
}
