import type { LoaderFunctionArgs } from "@remix-run/node";
import { savedTokenSchema, TOKEN_READ_FAILED } from "~/domain/provider-token";
import { TOKEN_SAVED } from "~/domain/provider-token-form";
import { apiError, apiRoute, fieldErrorsOf, readJsonObject } from "~/lib/json-api.server";
import { requireApiAdmin } from "~/services/auth.server";
import { currentTokenMetadata, saveProviderToken } from "~/services/provider-tokens.server";

/** GET: the saved token's metadata (docs/product.md §A3 "API token metadata"), never the token. */
async function show({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const read = await currentTokenMetadata();
  if (!read.ok) return apiError(500, TOKEN_READ_FAILED);
  return Response.json(read.metadata, { headers: { "Cache-Control": "no-store" } });
}

/** POST {token}: saves it (the sync uses it from its next run); 400 with the form's messages. */
async function save({ request }: LoaderFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const parsed = savedTokenSchema.safeParse(await readJsonObject(request));
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return apiError(400, errors.token?.[0] ?? "Invalid request", errors);
  }
  const metadata = await saveProviderToken(admin, parsed.data.token);
  return Response.json({ status: "success", message: TOKEN_SAVED, ...metadata });
}

const route = apiRoute({ GET: show, POST: save });
export const loader = route.loader;
export const action = route.action;
