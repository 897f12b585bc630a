import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { raceWidgetCookie, WIDGET_DISMISSED } from "~/services/race-widget.server";

/** Only paths of this site: "/x" but not "//host" or "/\host". */
function safeRedirect(value: FormDataEntryValue | null): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "/";
}

/** POST: hides the floating race widget for this browser (works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await raceWidgetCookie.serialize(WIDGET_DISMISSED) },
  });
}
