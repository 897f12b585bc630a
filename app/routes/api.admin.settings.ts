import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { SITE_SETTINGS_SAVED } from "~/domain/player-names";
import { apiRoute, readJsonObject, validationFailure } from "~/http/json-api.server";
import { requireApiAdmin } from "~/services/auth/auth.server";
import { updateSiteSettings } from "~/services/players/player-names.server";

const settingsBody = z.object({
  maskPlayerNames: z.boolean({ message: "maskPlayerNames must be true or false" }),
});

/** PUT {maskPlayerNames}: whether provider players' names are masked in public (audited; 0081). */
async function putSettings({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = settingsBody.safeParse(await readJsonObject(request));
  if (!parsed.success) return validationFailure(parsed.error);
  const settings = await updateSiteSettings(admin, parsed.data);
  return Response.json({ status: "success", message: SITE_SETTINGS_SAVED, settings });
}

const route = apiRoute({ PUT: putSettings });
export const loader = route.loader;
export const action = route.action;
