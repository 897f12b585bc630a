import type { ReactNode } from "react";

/** A titled card of the profile pages; `action` sits at the right of the title. */
export function ProfileSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-accent bg-card p-6">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={id} className="font-display text-xl font-bold uppercase">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** One label and value row of a profile card's `<dl>`. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
