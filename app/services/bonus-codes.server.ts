import { isBonusCodeExpired } from "~/domain/bonus-codes";
import { db } from "./db.server";

export interface BonusCodeView {
  id: number;
  code: string;
  description: string;
  value: string;
  expiresAt: string;
  expired: boolean;
}

/** Every bonus code, usable ones first, each group soonest-expiring first. */
export async function listBonusCodes(now: Date = new Date()): Promise<BonusCodeView[]> {
  const rows = await db
    .selectFrom("bonus_codes")
    .select(["id", "code", "description", "value", "expires_at"])
    .orderBy("expires_at", "asc")
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      code: row.code,
      description: row.description,
      value: row.value,
      expiresAt: row.expires_at,
      expired: isBonusCodeExpired(row.expires_at, now),
    }))
    .sort((a, b) => Number(a.expired) - Number(b.expired));
}
