import { data } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPageHeader, AdminPanelLink } from "~/components/admin/AdminPageHeader";
import { RadioGroup, SubmitButton } from "~/components/ui/form";
import {
  MASKING_CHOICE_REFUSED,
  maskPlayerName,
  NAME_CHOICE_FIELD,
  parseNameChoice,
  SITE_SETTINGS_SAVED,
} from "~/domain/player-names";
import { readForm } from "~/http/form-body.server";
import { createToastHeaders, redirectWithToast } from "~/http/toast.server";
import { requireAdmin } from "~/services/auth/auth.server";
import { siteSettings, updateSiteSettings } from "~/services/players/player-names.server";

export const meta: MetaFunction = () => [
  { title: "Site Settings | Admin | GoatedVIPs" },
  { name: "description", content: "Whether players' names are masked on the public site." },
];

const PAGE = "/admin/settings";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { settings: await siteSettings() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const choice = parseNameChoice((await readForm(request)).get(NAME_CHOICE_FIELD));
  if (!choice) {
    const headers = await createToastHeaders({
      title: "Settings not saved",
      description: MASKING_CHOICE_REFUSED,
      type: "destructive",
    });
    return data({ message: MASKING_CHOICE_REFUSED }, { status: 400, headers });
  }
  await updateSiteSettings(admin, { maskPlayerNames: choice === "mask" });
  return redirectWithToast(PAGE, {
    title: SITE_SETTINGS_SAVED,
    description: choice === "mask" ? "Player names are masked." : "Player names are shown.",
    type: "success",
  });
}

/** `/admin/settings`: the site's settings; names masked or shown in public (docs/decisions/0081). */
export default function AdminSettings() {
  const { settings } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const example = "LuckyDuck";
  const choices = [
    {
      value: "show",
      label: `Show players' names (${example})`,
      checked: !settings.maskPlayerNames,
    },
    {
      value: "mask",
      label: `Mask players' names (${maskPlayerName(example)})`,
      checked: settings.maskPlayerNames,
    },
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <AdminPageHeader title="Site Settings">
        <AdminPanelLink />
      </AdminPageHeader>
      <section
        aria-labelledby="names-heading"
        className="mt-8 rounded-xl border border-accent bg-card p-5"
      >
        <h2 id="names-heading" className="font-display text-xl font-bold uppercase">
          Player names
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          Masked, every public page, API answer, live update, e-mail and share image shows a
          player&apos;s name as its first and last characters around four stars, the same mask for
          the same name; the leaderboard search finds players by what it shows. A linked member may
          choose to show their own name. The admin area always shows real names.
        </p>
        {/* The key resets the choice to the saved one after a save's redirect. */}
        <Form method="post" className="mt-4 space-y-3" key={String(settings.maskPlayerNames)}>
          <RadioGroup legend="On the public site" name={NAME_CHOICE_FIELD} choices={choices} />
          {refusal ? (
            <p role="alert" className="text-sm text-red-400">
              {refusal.message}
            </p>
          ) : null}
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
