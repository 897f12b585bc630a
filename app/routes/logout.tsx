import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { signOut } from "~/services/authentication.server";

// Signing out is a POST (from the account menu); a GET here just goes home.
export async function loader() {
  throw redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = form.get("redirectTo");
  const headers = await signOut(request);
  // Back to the page the menu was on; a guarded page then sends the visitor home.
  return redirect(safeRedirect(typeof back === "string" ? back : null), { headers });
}
