import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { SECONDARY_BUTTON } from "~/components/ui/buttons";
import { FormAlert, SubmitButton, TextField } from "~/components/ui/form";
import {
  CHANNEL_EVENT_LABELS,
  CHANNEL_EVENTS,
  CHANNEL_MESSAGES,
  CHANNEL_PROVIDER_NAMES,
  CHANNEL_PROVIDERS,
} from "~/domain/community-channels";
import type { ChannelProvider, ChannelView } from "~/domain/community-channels";
import { communityChannelsInputSchema } from "~/domain/community-channels-form";
import { formatDateTime } from "~/domain/time";
import { readForm } from "~/http/form-body.server";
import { readIntent, unknownIntent } from "~/http/intent.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import {
  channelSettingsView,
  recentChannelPosts,
  saveChannelSettings,
} from "~/services/notifications/community-channels.server";

export const meta: MetaFunction = () => [
  { title: "Community Channels | Admin | GoatedVIPs" },
  {
    name: "description",
    content: "The Discord webhook and Telegram bot the site posts races, codes and news to.",
  },
];

const PAGE = "/admin/community-channels";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [channels, posts] = await Promise.all([channelSettingsView(), recentChannelPosts(10)]);
  return { channels, posts };
}

/** What the action answers in the page: a refused save, or a test message's outcome. */
interface ChannelReply {
  intent: string;
  provider: ChannelProvider;
  /** A refused save: why, and what was typed besides the secret (never sent back). */
  message?: string;
  chatId?: string;
  test?: { ok: boolean; text: string };
}

function providerOf(form: FormData): ChannelProvider | null {
  const value = form.get("provider");
  return CHANNEL_PROVIDERS.find((p) => p === value) ?? null;
}

/** The form of one channel as the API's input: one schema checks both. */
function channelInput(provider: ChannelProvider, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const events = form.getAll("events");
  return provider === "discord"
    ? { discord: { webhookUrl: text("webhookUrl"), events } }
    : { telegram: { botToken: text("botToken"), chatId: text("chatId"), events } };
}

/**
 * 'Save' (post/redirect/get), 'Remove' and 'Send test message' for either channel. Saves and
 * removals are audited; a test sends with the saved settings and changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = readIntent(form);
  const provider = providerOf(form);
  if (!provider) return unknownIntent();
  const name = CHANNEL_PROVIDER_NAMES[provider];
  if (intent === "test") {
    const test = context.testCommunityChannel;
    if (!test) throw new Error("The server did not hand the page its channel test");
    return { intent, provider, test: await test(provider) } satisfies ChannelReply;
  }
  if (intent === "remove") {
    const input = {
      [provider]: { [provider === "discord" ? "webhookUrl" : "botToken"]: null, events: [] },
    };
    await saveChannelSettings(admin, communityChannelsInputSchema.parse(input));
    return redirectWithToast(PAGE, {
      title: CHANNEL_MESSAGES.removed,
      description: name,
      type: "success",
    });
  }
  if (intent !== "save") return unknownIntent();
  const chatId = form.get("chatId");
  const refuse = (message: string) =>
    data(
      {
        intent,
        provider,
        message,
        ...(typeof chatId === "string" ? { chatId } : {}),
      } satisfies ChannelReply,
      { status: 400 },
    );
  const parsed = communityChannelsInputSchema.safeParse(channelInput(provider, form));
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? CHANNEL_MESSAGES.events);
  const outcome = await saveChannelSettings(admin, parsed.data);
  if (!outcome.ok) return refuse(outcome.message);
  return redirectWithToast(PAGE, {
    title: CHANNEL_MESSAGES.saved,
    description: name,
    type: "success",
  });
}

const POST_STATUS_LOOK = {
  queued: "text-muted",
  sent: "text-primary",
  failed: "text-destructive",
} as const;

/** `/admin/community-channels`: the Discord and Telegram the site posts to (docs/decisions/0078). */
export default function AdminCommunityChannels() {
  const { channels, posts } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ChannelReply | undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminPageHeader title="Community Channels">
        <AdminPanelLink />
      </AdminPageHeader>
      <p className="mt-3 max-w-2xl text-sm text-muted">
        The site posts what you choose below to the community&apos;s Discord channel (through a
        webhook) and Telegram group or channel (through your bot). Secrets are kept sealed and never
        shown again: an empty field keeps the saved one.
      </p>
      <div className="mt-8 space-y-6">
        {CHANNEL_PROVIDERS.map((provider) => (
          <ChannelSection
            key={provider}
            provider={provider}
            channel={channels[provider]}
            reply={reply?.provider === provider ? reply : null}
          />
        ))}
      </div>
      <section aria-labelledby="posts-heading" className="mt-10">
        <h2 id="posts-heading" className="font-display text-xl font-bold uppercase">
          Recent posts
        </h2>
        {posts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing posted yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-1 pr-3">Queued</th>
                <th className="py-1 pr-3">Channel</th>
                <th className="py-1 pr-3">Event</th>
                <th className="py-1 pr-3">Status</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id} className="border-t border-accent">
                  <td className="py-1 pr-3">{formatDateTime(post.created_at)}</td>
                  <td className="py-1 pr-3">{CHANNEL_PROVIDER_NAMES[post.provider]}</td>
                  <td className="py-1 pr-3">{post.event}</td>
                  <td className={`py-1 pr-3 ${POST_STATUS_LOOK[post.status]}`}>
                    {post.status}
                    {post.last_error ? `: ${post.last_error}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function ChannelSection({
  provider,
  channel,
  reply,
}: {
  provider: ChannelProvider;
  channel: ChannelView;
  reply: ChannelReply | null;
}) {
  const navigation = useNavigation();
  const sending = (intent: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("provider") === provider &&
    navigation.formData.get("intent") === intent;
  const name = CHANNEL_PROVIDER_NAMES[provider];
  const headingId = `${provider}-heading`;
  const savedHint = channel.secret
    ? `Saved: ${channel.secret}. Leave empty to keep it.`
    : undefined;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-accent bg-card p-5">
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {name}
      </h2>
      <p className="mt-1 text-sm text-muted" data-testid={`${provider}-state`}>
        {channel.configured
          ? `Set up${channel.updatedAt ? ` (saved ${formatDateTime(channel.updatedAt)})` : ""}`
          : "Not set up"}
        {channel.botUsername ? ` · bot @${channel.botUsername}` : ""}
      </p>
      {/* The key resets the fields to the saved values after a save's redirect. */}
      <Form method="post" className="mt-4 space-y-3" key={channel.updatedAt ?? "new"}>
        <input type="hidden" name="provider" value={provider} />
        <FormAlert
          title={`${name} not saved`}
          messages={reply?.message ? [reply.message] : undefined}
        />
        {provider === "discord" ? (
          <TextField
            id="discord-webhook-url"
            name="webhookUrl"
            type="password"
            autoComplete="off"
            label="Webhook URL"
            placeholder="https://discord.com/api/webhooks/…"
            hint={savedHint}
          />
        ) : (
          <>
            <TextField
              id="telegram-bot-token"
              name="botToken"
              type="password"
              autoComplete="off"
              label="Bot token"
              placeholder="123456789:AA…"
              hint={savedHint}
            />
            <TextField
              id="telegram-chat-id"
              name="chatId"
              type="text"
              label="Chat id"
              placeholder="-1001234567890 or @channelname"
              defaultValue={reply?.chatId ?? channel.chatId ?? ""}
            />
          </>
        )}
        <fieldset>
          <legend className="mb-1 text-sm font-bold">Posts</legend>
          {CHANNEL_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 py-0.5 text-sm">
              <input
                type="checkbox"
                name="events"
                value={event}
                defaultChecked={channel.events.includes(event)}
                className="h-4 w-4 accent-[#D7FF00]"
              />
              {CHANNEL_EVENT_LABELS[event]}
            </label>
          ))}
        </fieldset>
        <SubmitButton busy={sending("save")} busyLabel="Saving..." name="intent" value="save">
          Save {name}
        </SubmitButton>
      </Form>
      {channel.configured ? (
        <div className="mt-4 flex flex-wrap items-start gap-3">
          <Form method="post">
            <input type="hidden" name="provider" value={provider} />
            <button
              type="submit"
              name="intent"
              value="test"
              disabled={sending("test")}
              className={`${SECONDARY_BUTTON} px-4 py-2 disabled:opacity-60`}
            >
              {sending("test") ? "Sending..." : `Send test message to ${name}`}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="provider" value={provider} />
            <button
              type="submit"
              name="intent"
              value="remove"
              disabled={sending("remove")}
              className={`${SECONDARY_BUTTON} px-4 py-2 disabled:opacity-60`}
            >
              Remove {name}
            </button>
          </Form>
        </div>
      ) : null}
      {reply?.test ? (
        <p
          role="status"
          className={`mt-3 rounded-md border p-3 text-sm ${reply.test.ok ? "border-primary/60 bg-primary/10" : "border-destructive/60 bg-destructive/10"}`}
        >
          {reply.test.text}
        </p>
      ) : null}
    </section>
  );
}
