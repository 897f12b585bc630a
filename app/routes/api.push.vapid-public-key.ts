import { apiRoute, jsonResponse } from "~/http/json-api.server";
import { vapidPublicKey } from "~/services/push/vapid.server";

/** The key a browser subscribes to push with (public by nature; the private key stays here). */
const route = apiRoute({
  GET: async () => jsonResponse({ publicKey: await vapidPublicKey() }),
});
export const loader = route.loader;
export const action = route.action;
