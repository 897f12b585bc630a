import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { AdminTable } from "~/components/admin/AdminTable";
import { Pager } from "~/components/admin/Pager";
import { PRIMARY_BUTTON } from "~/components/ui/buttons";
import { INPUT } from "~/components/ui/form";
import { AUDIT_KIND_LABELS, isAuditKind } from "~/domain/audit";
import { formatDateTime } from "~/domain/time";
import { requireAdmin } from "~/services/auth/auth.server";
import { auditActors, auditFilterOf, listAudit } from "~/services/admin/audit.server";

export const meta: MetaFunction = () => [
  { title: "Audit Log | Admin | GoatedVIPs" },
  { name: "description", content: "Every admin change: who, when, what, before and after." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filter = auditFilterOf(params);
  const [{ rows, window, total }, actors] = await Promise.all([
    listAudit(filter, params.get("page")),
    auditActors(),
  ]);
  return { rows, window, total, actors, filter };
}

export default function AdminAudit() {
  const { rows, window, total, actors, filter } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title="Audit Log">
        <AdminPanelLink />
      </AdminPageHeader>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-admin" className="mb-1 block text-sm font-bold">
            Admin
          </label>
          <select
            id="audit-admin"
            name="admin"
            defaultValue={filter.actorId ?? ""}
            className={INPUT}
          >
            <option value="">All admins</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.username}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-kind" className="mb-1 block text-sm font-bold">
            Kind
          </label>
          <select id="audit-kind" name="kind" defaultValue={filter.kind ?? ""} className={INPUT}>
            <option value="">All kinds</option>
            {Object.entries(AUDIT_KIND_LABELS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${PRIMARY_BUTTON} px-5 py-2`}>
          Filter
        </button>
      </Form>

      <AdminTable
        label="Changes"
        headings={["When", "Admin", "Kind", "Subject", "Before", "After"]}
        summary={total === 1 ? "1 change" : `${total.toLocaleString("en-US")} changes`}
        empty={rows.length === 0 ? "No changes recorded." : null}
      >
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-accent align-top">
            <td className="px-3 py-3 lg:whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
            <td className="px-3 py-3">{row.actorUsername}</td>
            <td className="px-3 py-3">
              {isAuditKind(row.kind) ? AUDIT_KIND_LABELS[row.kind] : row.kind}
            </td>
            <td className="px-3 py-3 font-mono text-xs">{row.subject}</td>
            <td className="px-3 py-3 font-mono text-xs break-all">{row.before ?? "—"}</td>
            <td className="px-3 py-3 font-mono text-xs break-all">{row.after ?? "—"}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={window.page} totalPages={window.totalPages} />
    </div>
  );
}
