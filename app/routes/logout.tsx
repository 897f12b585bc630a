import { redirect } from "@remix-run/node";
import type { ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { signOut } from "~/services/auth/authentication.server";

// Signing out is a POST (from the account menu); a GET here just goes home.
export async function loader() {
  throw redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const back = (await readForm(request)).get("redirectTo");
  const headers = await signOut(request);
  // Back to the page the menu was on; a guarded page then sends the visitor home.
  return redirect(safeRedirect(typeof back === "string" ? back : null), { headers });
}
