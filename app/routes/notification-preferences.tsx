import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PushOnThisDevice } from "~/components/notifications/PushOnThisDevice";
import { FormAlert, SubmitButton } from "~/components/ui/form";
import { PREFERENCE_KEYS, preferencesSchema } from "~/domain/account-forms";
import type { PreferenceKey } from "~/domain/account-forms";
import { readForm } from "~/http/form-body.server";
import { readIntent } from "~/http/intent.server";
import { redirectWithToast } from "~/http/toast.server";
import { requireUser } from "~/services/auth/auth.server";
import { emailStatus, resendVerification } from "~/services/email/verification.server";
import { getPreferences, savePreferences } from "~/services/notifications/preferences.server";
import { listPushDevices, removePushDevice } from "~/services/push/subscriptions.server";

export const meta: MetaFunction = () => [
  { title: "Notification Preferences | GoatedVIPs" },
  {
    name: "description",
    content: "Choose which GoatedVIPs e-mails and push notifications you receive.",
  },
];

const LABELS: Record<PreferenceKey, { title: string; description: string }> = {
  wagerRaceUpdates: {
    title: "Wager race updates",
    description: "Race starts, your position changes and results.",
  },
  vipStatusChanges: {
    title: "VIP status changes",
    description: "When you reach a new rank or your VIP status changes.",
  },
  promotionalOffers: {
    title: "Promotional offers",
    description: "Bonus codes, promotions and giveaways.",
  },
  monthlyStatements: {
    title: "Monthly statements",
    description: "A summary of your wagering each month.",
  },
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    preferences: await getPreferences(user.userId),
    email: await emailStatus(user.userId),
    devices: await listPushDevices(user.userId),
  };
}

const RESEND_TOASTS = {
  queued: { title: "E-mail sent", description: "Check your inbox for the confirmation link." },
  "too-soon": {
    title: "E-mail sent",
    description: "A confirmation link was sent a moment ago. Check your inbox.",
  },
  verified: { title: "Already confirmed", description: "Your e-mail is already confirmed." },
  "no-email": { title: "No e-mail", description: "Your account has no e-mail address." },
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (readIntent(form) === "remove-device") {
    const id = Number(form.get("device"));
    if (!Number.isSafeInteger(id) || id <= 0) {
      return data({ failure: "Choose a device to remove." }, { status: 400 });
    }
    if (!(await removePushDevice(user.userId, id))) {
      return data({ failure: "That device is not on your list." }, { status: 404 });
    }
    return redirectWithToast("/notification-preferences", {
      title: "Device removed",
      description: "That device no longer gets push notifications.",
      type: "success",
    });
  }
  if (readIntent(form) === "resend-verification") {
    const outcome = await resendVerification(user.userId);
    return redirectWithToast("/notification-preferences", {
      ...RESEND_TOASTS[outcome],
      type: outcome === "queued" || outcome === "too-soon" ? "success" : "destructive",
    });
  }
  const submission = parseWithZod(form, { schema: preferencesSchema });
  if (submission.status !== "success") {
    return data({ failure: "Failed to update preferences" }, { status: 400 });
  }
  await savePreferences(user.userId, submission.value);
  return redirectWithToast("/notification-preferences", {
    title: "Preferences Updated",
    description: "Your notification preferences have been saved successfully.",
    type: "success",
  });
}

export default function NotificationPreferencesPage() {
  const { preferences, email, devices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const saving = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="font-display text-3xl sm:text-4xl font-bold uppercase text-primary">
        Notification Preferences
      </h1>
      <p className="mb-6 mt-2 text-muted">
        Choose what we tell you: by e-mail, and by push on the devices you turn it on for.
      </p>
      <EmailStatus email={email} />
      <Form method="post" className="space-y-4 rounded-xl border border-accent bg-card p-6">
        <FormAlert title="Error" messages={actionData ? [actionData.failure] : undefined} />
        {PREFERENCE_KEYS.map((key) => (
          <label
            key={key}
            className="flex cursor-pointer items-start gap-3 rounded-lg p-2 hover:bg-accent/50"
          >
            <input
              type="checkbox"
              name={key}
              defaultChecked={preferences[key]}
              className="mt-1 h-5 w-5 accent-[#D7FF00]"
            />
            <span>
              <span className="block font-bold">{LABELS[key].title}</span>
              <span className="block text-sm text-muted">{LABELS[key].description}</span>
            </span>
          </label>
        ))}
        <SubmitButton busy={saving} busyLabel="Saving...">
          Save Preferences
        </SubmitButton>
      </Form>
      <PushDevices devices={devices} />
    </div>
  );
}

/** The devices that get push (each removable with a plain form), and this device's switch. */
function PushDevices({ devices }: { devices: { id: number; label: string; createdAt: string }[] }) {
  const removing = useNavigation().formData?.get("device");
  return (
    <section
      aria-labelledby="push-devices"
      className="mt-6 space-y-4 rounded-xl border border-accent bg-card p-6"
    >
      <h2 id="push-devices" className="font-display text-xl font-bold uppercase">
        Push notifications
      </h2>
      <p className="text-sm text-muted">
        Devices with push on get the notifications your preferences above allow.
      </p>
      {devices.length === 0 ? (
        <p className="text-sm">No device gets push notifications.</p>
      ) : (
        <ul className="divide-y divide-accent" aria-label="Devices with push on">
          {devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                <span className="block font-bold">{device.label}</span>
                <span className="block text-xs text-muted">
                  Since {device.createdAt.slice(0, 10)}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-device" />
                <input type="hidden" name="device" value={device.id} />
                <SubmitButton
                  busy={removing === String(device.id)}
                  busyLabel="Removing..."
                  className="px-3 py-1.5 text-sm"
                >
                  <span>
                    Remove<span className="sr-only"> {device.label}</span>
                  </span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <PushOnThisDevice />
    </section>
  );
}

/** Where e-mails go, and until the address is confirmed, the resend form (docs/product.md §P10). */
function EmailStatus({ email }: { email: { email: string | null; verified: boolean } }) {
  const resending = useNavigation().formData?.get("intent") === "resend-verification";
  if (!email.email) {
    return (
      <p className="mb-6 rounded-xl border border-accent bg-card p-4 text-sm">
        Your account has no e-mail address, so we cannot send you e-mails.
      </p>
    );
  }
  if (email.verified) {
    return (
      <p className="mb-6 text-sm text-muted">
        E-mails go to <strong>{email.email}</strong> (confirmed).
      </p>
    );
  }
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/60 bg-card p-4">
      <p className="text-sm">
        <strong className="block">Check your inbox to confirm your e-mail</strong>
        We send e-mails to {email.email} only after you open the link we sent there.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="resend-verification" />
        <SubmitButton busy={resending} busyLabel="Sending..." className="px-4 py-2 text-sm">
          Resend link
        </SubmitButton>
      </Form>
    </div>
  );
}
