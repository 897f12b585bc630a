import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { sessionSecret, servedOverHttps } from "~/server/config.server";
import { z } from "zod";
import { TOAST_TYPES } from "~/lib/toast";
import type { Toast, ToastInput } from "~/lib/toast";

// The cookie is signed, but its shape is still checked before it reaches a page.
const toastSchema = z.object({
  id: z.string(),
  type: z.enum(TOAST_TYPES),
  title: z.string(),
  description: z.string().optional(),
});

// A flash cookie: set by an action, read once by the next page, so a toast survives the
// post/redirect/get of a browser without JavaScript.
function toastCookie() {
  return createCookie("gv_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(),
    maxAge: 60,
    secrets: [sessionSecret()],
  });
}

/** The Set-Cookie header that makes the next page show this toast. */
export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const toast: Toast = { ...input, id: randomUUID(), type: input.type ?? "default" };
  return new Headers({ "Set-Cookie": await toastCookie().serialize(toast) });
}

/**
 * The way an action ends with a toast: a redirect (post/redirect/get) whose next page shows it.
 * `init.headers` (another Set-Cookie, say) are kept beside the toast's cookie.
 */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast (if any) and the header that clears it. */
export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = toastCookie();
  const raw: unknown = await cookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  const headers = new Headers();
  if (raw !== null && raw !== undefined) {
    headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
