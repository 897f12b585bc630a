import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { AdminTable } from "~/components/admin/AdminTable";
import { SubmitButton, TextAreaField } from "~/components/ui/form";
import type { TokenMetadata, TokenStatus } from "~/domain/provider-token";
import { savedTokenSchema, tokenBanner, TOKEN_READ_FAILED } from "~/domain/provider-token";
import {
  providerTokenFormSchema,
  TOKEN_SAVED,
  TOKEN_TABS,
  tokenTabOf,
} from "~/domain/provider-token-form";
import type { TokenTab } from "~/domain/provider-token-form";
import { formatDateTime } from "~/domain/time";
import { readForm } from "~/lib/form-body.server";
import { readProviderConfig } from "~/lib/provider-config.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAdmin } from "~/services/auth.server";
import { currentTokenMetadata, saveProviderToken } from "~/services/provider-tokens.server";
import { recentSyncRuns } from "~/services/sync-runs.server";
import type { SyncRunSummary } from "~/services/sync-runs.server";

export const meta: MetaFunction = () => [
  { title: "API Tokens | Admin | GoatedVIPs" },
  { name: "description", content: "The provider API token: its status, a new one, sync health." },
];

const PAGE = "/admin/api-tokens";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tab = tokenTabOf(new URL(request.url).searchParams.get("tab"));
  const [read, syncs] = await Promise.all([currentTokenMetadata(), recentSyncRuns(20)]);
  // The banner is worded here, so the browser bundle needs no part of the token module (jose).
  return {
    tab,
    token: read.ok ? read.metadata : null,
    banner: read.ok
      ? tokenBanner(read.metadata)
      : { status: "error" as const, title: TOKEN_READ_FAILED, text: "" },
    environmentToken: Boolean(readProviderConfig().GOATED_API_TOKEN),
    syncs,
  };
}

/** Saves the token, then back to the Current Token tab (post/redirect/get, docs/product.md §A4). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: savedTokenSchema });
  if (submission.status !== "success") return data(submission.reply(), 400);
  await saveProviderToken(admin, submission.value.token);
  return redirectWithToast(`${PAGE}?tab=current`, { title: TOKEN_SAVED, type: "success" });
}

/** docs/product.md §A2 "Admin API-token page". */
export default function AdminApiTokens() {
  const { tab, token, banner, environmentToken, syncs } = useLoaderData<typeof loader>();
  // A refused token keeps the form in view, whatever the URL's tab.
  const lastResult = useActionData<typeof action>();
  const shown: TokenTab = lastResult ? "add" : tab;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminPageHeader title="API Tokens">
        <AdminPanelLink />
      </AdminPageHeader>
      <p className="mt-2 text-muted">
        The Goated API token the sync uses to read the affiliate leaderboard.
      </p>
      {environmentToken ? (
        <p className="mt-4 rounded-md border border-accent bg-card p-3 text-sm">
          GOATED_API_TOKEN is set in the server&apos;s environment: the sync uses it, not the token
          saved here, until it is removed.
        </p>
      ) : null}

      <section className="mt-6 rounded-xl border border-accent bg-card p-6">
        <nav
          aria-label="Token tabs"
          className="mb-6 flex flex-wrap gap-2 border-b border-accent pb-4"
        >
          {(Object.keys(TOKEN_TABS) as TokenTab[]).map((id) => (
            <Link
              key={id}
              to={`${PAGE}?tab=${id}`}
              aria-current={id === shown ? "page" : undefined}
              className="rounded-md px-3 py-2 text-sm font-semibold uppercase text-muted hover:text-white aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {TOKEN_TABS[id]}
            </Link>
          ))}
        </nav>
        {shown === "current" ? (
          <CurrentToken token={token} banner={banner} />
        ) : (
          <TokenForm lastResult={lastResult} />
        )}
      </section>

      <ProviderHealth syncs={syncs} />
    </div>
  );
}

const BANNER_LOOK: Record<TokenStatus | "error", string> = {
  none: "border-accent",
  expired: "border-destructive/60 bg-destructive/10",
  expiring: "border-yellow-400/60 bg-yellow-400/10",
  valid: "border-primary/60 bg-primary/10",
  error: "border-destructive/60 bg-destructive/10",
};

interface BannerText {
  status: TokenStatus | "error";
  title: string;
  text: string;
}

function Banner({ status, title, text }: BannerText) {
  return (
    <div role="status" className={`rounded-md border p-4 ${BANNER_LOOK[status]}`}>
      <p className="font-display text-lg font-extrabold uppercase">{title}</p>
      {text ? <p className="mt-1 text-sm">{text}</p> : null}
    </div>
  );
}

const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso) : none);

/** The banner and the §A3 metadata of the newest saved token; never the token. */
function CurrentToken({ token, banner }: { token: TokenMetadata | null; banner: BannerText }) {
  return (
    <div>
      <Banner {...banner} />
      {token?.exists ? (
        <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Provider UID</dt>
          <dd>{token.metadata?.decodedInfo.uid || "Not in the token"}</dd>
          <dt className="text-muted">Expires</dt>
          <dd>{when(token.expiresAt, "Never")}</dd>
          <dt className="text-muted">Days Left</dt>
          <dd>{token.daysLeft ?? "No expiry"}</dd>
          <dt className="text-muted">Expired</dt>
          <dd>{token.isExpired ? "Yes" : "No"}</dd>
          <dt className="text-muted">Expiring Soon</dt>
          <dd>{token.isExpiring ? "Yes" : "No"}</dd>
          <dt className="text-muted">Created</dt>
          <dd>{when(token.created, "Unknown")}</dd>
          <dt className="text-muted">Last Used</dt>
          <dd>{when(token.lastUsed, "Never")}</dd>
        </dl>
      ) : null}
    </div>
  );
}

function TokenForm({
  lastResult,
}: {
  lastResult: ReturnType<typeof useActionData<typeof action>>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "api-token",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: providerTokenFormSchema }),
  });
  return (
    <Form method="post" action={PAGE} {...getFormProps(form)} noValidate className="space-y-4">
      <TextAreaField
        label="API Token"
        hint="Paste the JWT from Goated. The sync uses it from its next run; it is never shown again."
        errors={fields.token.errors}
        rows={4}
        autoComplete="off"
        spellCheck={false}
        {...getTextareaProps(fields.token)}
      />
      <SubmitButton busy={busy} busyLabel="Saving...">
        Save Token
      </SubmitButton>
    </Form>
  );
}

const duration = (ms: number | null) =>
  ms === null ? "Running" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The provider's health: the newest 20 syncs. */
function ProviderHealth({ syncs }: { syncs: SyncRunSummary[] }) {
  return (
    <section className="mt-10">
      <h2 className="font-display text-2xl font-extrabold uppercase">Provider Health</h2>
      <AdminTable
        label="Recent syncs"
        headings={["Time", "Source", "Outcome", "Players", "Duration", "Error"]}
        summary="The last 20 syncs, newest first."
        empty={syncs.length === 0 ? "No syncs yet." : null}
      >
        {syncs.map((run) => (
          <tr key={run.id} className="border-t border-accent align-top">
            <td className="whitespace-nowrap px-3 py-3">{formatDateTime(run.startedAt)}</td>
            <td className="px-3 py-3">{run.source === "demo" ? "Demo" : "Provider"}</td>
            <td className="px-3 py-3">{OUTCOME[run.outcome] ?? run.outcome}</td>
            <td className="px-3 py-3 tabular-nums">{run.players.toLocaleString("en-US")}</td>
            <td className="whitespace-nowrap px-3 py-3 tabular-nums">{duration(run.durationMs)}</td>
            <td className="px-3 py-3 text-red-300">{run.error ?? ""}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

const OUTCOME: Record<string, string> = {
  success: "Success",
  failed: "Failed",
  running: "Running",
};

export const ErrorBoundary = AdminErrorBoundary;
