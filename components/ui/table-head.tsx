import type { ReactNode } from "react";
import { cn } from "./cn";

export interface HeadColumn {
  /** What the header says; also its React key. */
  name: string;
  /** Spoken only (a column of icons or links). */
  hidden?: boolean;
  /** Padding, alignment, responsive visibility. */
  className: string;
  /** A tooltip explaining the column. */
  title?: string;
}

/** The column header row of a compact data table: small uppercase muted labels, one `<th scope="col">` a column. */
export function TableHead({ columns, className }: { columns: readonly HeadColumn[]; className?: string }): ReactNode {
  return (
    <thead className={cn(className, "text-micro uppercase tracking-wide text-muted")}>
      <tr>
        {columns.map((c) => (
          <th key={c.name} scope="col" className={cn(c.className, "font-medium")} title={c.title}>
            {c.hidden ? <span className="sr-only">{c.name}</span> : c.name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
