import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { raceWidgetCookie } from "~/http/cookies.server";
import { WIDGET_DISMISSED } from "~/services/races/race-widget.server";

/** POST: hides the floating race widget for this browser (works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const back = (await readForm(request)).get("redirectTo");
  return redirect(safeRedirect(typeof back === "string" ? back : null), {
    headers: { "Set-Cookie": await raceWidgetCookie.serialize(WIDGET_DISMISSED) },
  });
}
