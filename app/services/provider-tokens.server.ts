import { db } from "./db.server";

/**
 * The provider token an admin pasted (the newest one wins). GOATED_API_TOKEN in the environment
 * takes precedence over it; see app/jobs/sync.server.ts.
 */
export async function saveProviderToken(
  token: string,
  { createdBy = null, now = new Date() }: { createdBy?: number | null; now?: Date } = {},
): Promise<void> {
  await db
    .insertInto("provider_tokens")
    .values({ token: token.trim(), created_at: now.toISOString(), created_by: createdBy })
    .execute();
}

export async function latestProviderToken(): Promise<string | null> {
  const row = await db
    .selectFrom("provider_tokens")
    .select("token")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.token ?? null;
}
