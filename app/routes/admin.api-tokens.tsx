import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { AdminTable } from "~/components/admin/AdminTable";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { SubmitButton, TextAreaField, TextField } from "~/components/ui/form";
import type { TokenMetadata, TokenStatus } from "~/domain/provider-token";
import {
  describeConnectionTest,
  describeRefusal,
  PROVIDER_SOURCE_LABELS,
  savedTokenSchema,
  settingsFromInput,
  tokenBanner,
  TOKEN_READ_FAILED,
} from "~/domain/provider-token";
import {
  AFFILIATE_UID_MISSING,
  PROVIDER_INTENTS,
  providerTokenFormSchema,
  SETTINGS_REMOVED,
  TOKEN_SAVED,
  TOKEN_TABS,
  tokenTabOf,
} from "~/domain/provider-token-form";
import type { TokenTab } from "~/domain/provider-token-form";
import { formatDateTime } from "~/domain/time";
import { readForm } from "~/http/form-body.server";
import type { IntentReply } from "~/lib/intent";
import { intentReply, readIntent, unknownIntent } from "~/http/intent.server";
import { readProviderConfig } from "~/server/provider-config.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  providerOverview,
  removeProviderSettings,
  saveProviderToken,
} from "~/services/admin/provider-tokens.server";
import { recentSyncRuns } from "~/services/operations/sync-runs.server";
import type { SyncRunSummary } from "~/services/operations/sync-runs.server";

export const meta: MetaFunction = () => [
  { title: "API Tokens | Admin | GoatedVIPs" },
  {
    name: "description",
    content: "The provider's API token and affiliate code: status, test, a new one, sync health.",
  },
];

const PAGE = "/admin/api-tokens";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tab = tokenTabOf(new URL(request.url).searchParams.get("tab"));
  const [overview, syncs] = await Promise.all([providerOverview(), recentSyncRuns(20)]);
  const { read, source, environment, health } = overview;
  // The banner is worded here, so the browser bundle needs no part of the token module (jose).
  return {
    tab,
    token: read.ok ? read.metadata : null,
    banner: read.ok
      ? tokenBanner(read.metadata)
      : { status: "error" as const, title: TOKEN_READ_FAILED, text: "" },
    source,
    sourceLabel: PROVIDER_SOURCE_LABELS[source],
    environment,
    // The environment's settings are in force: what the provider said of their last sync.
    environmentRefusal:
      source === "environment" && health?.refusal ? describeRefusal(health.refusal) : null,
    syncs,
  };
}

/** What the action answers in the page: a refusal of the form, or a connection test's result. */
interface ProviderReply extends IntentReply {
  test?: { ok: boolean; text: string };
}

/**
 * 'Test connection' (one fetch with what was typed; saves nothing), 'Save' (then back to the
 * Current Token tab: post/redirect/get, docs/product.md §A4) and 'Use demo data'.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  // A form without an intent (the one before 'Test connection') saves.
  const intent = readIntent(form) ?? PROVIDER_INTENTS.save;
  if (intent === PROVIDER_INTENTS.demo) {
    await removeProviderSettings(admin);
    return redirectWithToast(`${PAGE}?tab=current`, { title: SETTINGS_REMOVED, type: "success" });
  }
  if (intent !== PROVIDER_INTENTS.save && intent !== PROVIDER_INTENTS.test) return unknownIntent();
  const submission = parseWithZod(form, { schema: savedTokenSchema });
  if (submission.status !== "success") {
    return intentReply({ intent, result: submission.reply() } satisfies ProviderReply, 400);
  }
  const typed = settingsFromInput(submission.value, readProviderConfig().GOATED_AFFILIATE_UID);
  if (!typed) {
    const result = submission.reply({ fieldErrors: { affiliateUid: [AFFILIATE_UID_MISSING] } });
    return intentReply({ intent, result } satisfies ProviderReply, 400);
  }
  if (intent === PROVIDER_INTENTS.test) {
    const test = context.testProviderConnection;
    if (!test) throw new Error("The server did not hand the page its connection test");
    const outcome = await test({
      token: typed.settings.token?.token ?? null,
      affiliateUid: typed.affiliateUid,
    });
    const reply: ProviderReply = {
      intent,
      result: submission.reply(),
      test: { ok: outcome.ok, text: describeConnectionTest(outcome) },
    };
    return reply;
  }
  await saveProviderToken(admin, typed.settings);
  return redirectWithToast(`${PAGE}?tab=current`, { title: TOKEN_SAVED, type: "success" });
}

/** docs/product.md §A2 "Admin API-token page". */
export default function AdminApiTokens() {
  const { tab, token, banner, source, sourceLabel, environment, environmentRefusal, syncs } =
    useLoaderData<typeof loader>();
  const setNames = [
    environment.token ? "GOATED_API_TOKEN" : null,
    environment.affiliateUid ? "GOATED_AFFILIATE_UID" : null,
  ].filter(Boolean);
  const environmentNames =
    setNames.length > 0 ? `${setNames.join(" and ")} ${setNames.length > 1 ? "are" : "is"}` : null;
  // A refused form or a connection test keeps the form in view, whatever the URL's tab.
  const reply = useActionData<typeof action>() as ProviderReply | undefined;
  const shown: TokenTab = reply ? "add" : tab;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <AdminPageHeader title="API Tokens">
        <AdminPanelLink />
      </AdminPageHeader>
      <p className="mt-2 text-muted">
        The Goated API token and affiliate code the sync uses to read the affiliate leaderboard.
      </p>
      <p className="mt-4 text-sm" data-source={source}>
        <span className="text-muted">Source in force: </span>
        <strong>{sourceLabel}</strong>
      </p>
      {environmentNames ? (
        <p className="mt-2 rounded-md border border-accent bg-card p-3 text-sm">
          {environmentNames} set in the server&apos;s environment: the sync uses that, not what is
          saved here, until removed.
        </p>
      ) : null}
      {environmentRefusal ? (
        <p
          role="alert"
          className="mt-2 rounded-md border border-destructive/60 bg-destructive/10 p-3 text-sm"
        >
          {environmentRefusal}
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
              className="rounded-md px-3 py-2 text-sm font-bold uppercase text-muted hover:text-white aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
            >
              {TOKEN_TABS[id]}
            </Link>
          ))}
        </nav>
        {shown === "current" ? (
          <CurrentToken token={token} banner={banner} />
        ) : (
          <TokenForm reply={reply} />
        )}
      </section>

      <ProviderHealth syncs={syncs} />
    </div>
  );
}

const BANNER_LOOK: Record<TokenStatus | "error", string> = {
  none: "border-accent",
  refused: "border-destructive/60 bg-destructive/10",
  tokenless: "border-primary/60 bg-primary/10",
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
      <p className="font-display text-xl font-bold uppercase">{title}</p>
      {text ? <p className="mt-1 text-sm">{text}</p> : null}
    </div>
  );
}

const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso) : none);

/**
 * The banner and the §A3 metadata of the newest saved settings (never the token), the last sync
 * with them, and the way back to demo data.
 */
function CurrentToken({ token, banner }: { token: TokenMetadata | null; banner: BannerText }) {
  const lastSync = token?.lastSync;
  return (
    <div>
      <Banner {...banner} />
      {token?.exists ? (
        <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Affiliate Code</dt>
          <dd>{token.affiliateUid ?? "Not saved (GOATED_AFFILIATE_UID)"}</dd>
          <dt className="text-muted">Token</dt>
          <dd>{token.hasToken ? "Saved" : "None: the provider is called without one"}</dd>
          <dt className="text-muted">Provider UID</dt>
          <dd>{token.metadata?.decodedInfo.uid || "Not in the token"}</dd>
          <dt className="text-muted">Expires</dt>
          <dd>{when(token.expiresAt, "Never")}</dd>
          <dt className="text-muted">Hours Left</dt>
          <dd>{token.hoursLeft ?? "No expiry"}</dd>
          <dt className="text-muted">Expired</dt>
          <dd>{token.isExpired ? "Yes" : "No"}</dd>
          <dt className="text-muted">Expiring Soon</dt>
          <dd>{token.isExpiring ? "Yes" : "No"}</dd>
          <dt className="text-muted">Created</dt>
          <dd>{when(token.created, "Unknown")}</dd>
          <dt className="text-muted">Last Used</dt>
          <dd>{when(token.lastUsed, "Never")}</dd>
          <dt className="text-muted">Last Sync</dt>
          <dd>
            {lastSync
              ? `${lastSync.outcome === "success" ? `Success, ${lastSync.players.toLocaleString("en-US")} players` : `Failed${lastSync.httpStatus ? ` (HTTP ${lastSync.httpStatus})` : ""}`} at ${formatDateTime(lastSync.at)}`
              : "None yet"}
          </dd>
        </dl>
      ) : null}
      {token?.exists ? (
        <Form method="post" action={PAGE} className="mt-6">
          <p className="mb-2 text-sm text-muted">
            Removes the saved token and code: the site goes back to demo data (unless the
            environment sets a token).
          </p>
          <button
            type="submit"
            name="intent"
            value={PROVIDER_INTENTS.demo}
            className={`${SECONDARY_BUTTON} px-4 py-2`}
          >
            Use demo data
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function TokenForm({ reply }: { reply: ProviderReply | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: "api-token",
    lastResult: reply?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: providerTokenFormSchema }),
  });
  return (
    <Form method="post" action={PAGE} {...getFormProps(form)} noValidate className="space-y-4">
      <TextField
        label="Affiliate Code"
        hint="The last part of your Goated referral link (goated.com/r/2RW440E: 2RW440E), which the provider's endpoint ends with. Not the token's uid."
        errors={fields.affiliateUid.errors}
        autoComplete="off"
        spellCheck={false}
        {...getInputProps(fields.affiliateUid, { type: "text" })}
      />
      <TextAreaField
        label="API Token"
        hint="Paste the JWT from Goated; leave it empty if your endpoint answers without one. The sync runs with it as soon as it is saved; it is never shown again."
        errors={fields.token.errors}
        rows={4}
        autoComplete="off"
        spellCheck={false}
        {...getTextareaProps(fields.token)}
      />
      {reply?.test ? (
        <p
          role="status"
          className={`rounded-md border p-3 text-sm ${reply.test.ok ? "border-primary/60 bg-primary/10" : "border-destructive/60 bg-destructive/10"}`}
        >
          {reply.test.text}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value={PROVIDER_INTENTS.test}
          disabled={busy}
          className={`${SECONDARY_BUTTON} px-5 py-2.5 disabled:opacity-60`}
        >
          Test connection
        </button>
        <SubmitButton busy={busy} busyLabel="Saving..." name="intent" value={PROVIDER_INTENTS.save}>
          Save Token
        </SubmitButton>
      </div>
    </Form>
  );
}

const duration = (ms: number | null) =>
  ms === null ? "Running" : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The provider's health: the newest 20 syncs. */
function ProviderHealth({ syncs }: { syncs: SyncRunSummary[] }) {
  return (
    <section className="mt-10">
      <h2 className="font-display text-2xl font-bold uppercase">Provider Health</h2>
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
