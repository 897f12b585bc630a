import type { LoaderFunctionArgs } from "@remix-run/node";
import { findRacePosition } from "~/services/races.server";

/**
 * Spec §3 "Race position": where a player stands in the current race. `userId` names one of our
 * users (their linked provider account is used); `username` the provider name.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const userIdText = params.get("userId")?.trim() ?? "";
  const username = params.get("username")?.trim() ?? "";
  if (!userIdText && !username) {
    return Response.json({ message: "userId or username is required" }, { status: 400 });
  }
  const userId = userIdText ? Number(userIdText) : undefined;
  if (userId !== undefined && (!Number.isSafeInteger(userId) || userId <= 0)) {
    return Response.json({ message: "userId must be a positive whole number" }, { status: 400 });
  }
  const position = await findRacePosition({ userId, username: username || undefined });
  if (!position) {
    return Response.json({ message: "User not found in current race" }, { status: 404 });
  }
  return Response.json(position, { headers: { "Cache-Control": "no-store" } });
}
