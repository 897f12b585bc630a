import type { ReactNode } from "react";
import { ScrollingTable } from "~/components/ui/ScrollingTable";

/**
 * An admin list as a table: its header row from `headings`, the body from `children` (rows of
 * cells), or `empty` when there are no rows; `summary` (such as "3 users") above it. On a phone
 * the table scrolls sideways under its first column (ScrollingTable).
 */
export function AdminTable({
  label,
  headings,
  summary,
  empty,
  children,
}: {
  label: string;
  headings: readonly string[];
  summary?: string;
  /** Shown instead of the table when not null. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <>
      {summary ? <p className="mt-6 text-sm text-muted">{summary}</p> : null}
      {empty !== null ? (
        <p className="mt-4 text-muted">{empty}</p>
      ) : (
        <TableRegion label={label} headings={headings}>
          {children}
        </TableRegion>
      )}
    </>
  );
}

function TableRegion({
  label,
  headings,
  children,
}: {
  label: string;
  headings: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollingTable label={label} cueShownBelow="lg" className="rounded-xl border border-accent">
      <table className="w-full text-left text-sm">
        <thead className="bg-card text-xs uppercase tracking-widest text-muted">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-3">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollingTable>
  );
}
