import type { Expression, Transaction } from "kysely";
import type { Database } from "~db/schema";
import { auditSubject } from "~/domain/audit";
import { BONUS_CODE_MESSAGES } from "~/domain/bonus-code-form";
import type { BonusCodeInput } from "~/domain/bonus-code-form";
import {
  isBonusCodeExpired,
  newBonusCodeNotification,
  orderBonusCodes,
} from "~/domain/bonus-codes";
import type { BonusCodeView } from "~/domain/bonus-codes";
import { bonusCodePost } from "~/domain/community-channels";
import type { NotificationView } from "~/domain/notifications";
import { siteOrigin } from "~/server/config.server";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { enqueueChannelPosts } from "~/services/notifications/community-channels.server";
import { db } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";

type BonusCodeRow = Pick<
  Database["bonus_codes"],
  "code" | "description" | "value" | "expires_at"
> & { id: number; created_at: string };

function toView(row: BonusCodeRow, now: Date): BonusCodeView {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    value: row.value,
    expiresAt: row.expires_at,
    expired: isBonusCodeExpired(row.expires_at, now),
    createdAt: row.created_at,
  };
}

const COLUMNS = ["id", "code", "description", "value", "expires_at", "created_at"] as const;

/** Every bonus code, usable ones first (see orderBonusCodes). */
export async function listBonusCodes(now: Date = new Date()): Promise<BonusCodeView[]> {
  const rows = await db.selectFrom("bonus_codes").select(COLUMNS).execute();
  return orderBonusCodes(rows.map((row) => toView(row, now)));
}

export async function findBonusCode(
  id: number,
  now: Date = new Date(),
): Promise<BonusCodeView | null> {
  const row = await db
    .selectFrom("bonus_codes")
    .select(COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toView(row, now) : null;
}

/** What an admin's save or delete came to. */
export type BonusCodeChange =
  | { ok: true; code: BonusCodeView }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string; field: "code" };

const notFound = { ok: false, status: 404, message: BONUS_CODE_MESSAGES.notFound } as const;
const taken = {
  ok: false,
  status: 409,
  message: BONUS_CODE_MESSAGES.codeTaken,
  field: "code",
} as const;

/** The audit log's record of a code: what an admin typed, without the id (it is the subject). */
const audited = (code: BonusCodeView) => ({
  code: code.code,
  description: code.description,
  value: code.value,
  expiresAt: code.expiresAt,
});

async function codeTakenBy(trx: Transaction<Database>, code: string, exceptId: number | null) {
  const row = await trx
    .selectFrom("bonus_codes")
    .select("id")
    .where("code", "=", code)
    .$if(exceptId !== null, (q) => q.where("id", "!=", exceptId ?? 0))
    .executeTakeFirst();
  return row !== undefined;
}

/** Every account that may sign in, in slices small enough for one INSERT each. */
async function recipientSlices(trx: Transaction<Database>): Promise<number[][]> {
  const rows = await trx
    .selectFrom("users")
    .select("id")
    .where("disabled_at", "is", null)
    .orderBy("id")
    .execute();
  const SLICE = 500;
  const slices: number[][] = [];
  for (let i = 0; i < rows.length; i += SLICE) {
    slices.push(rows.slice(i, i + SLICE).map((row) => row.id));
  }
  return slices;
}

/**
 * Adds a code with its audit row, and tells every user of it (kind bonus_code; e-mail follows the
 * preferences through addNotifications) and the community channels, all in one transaction; the notifications are announced
 * once it has committed. A code that has already expired is recorded but announced to nobody.
 */
export async function createBonusCode(
  actor: AuditActor,
  input: BonusCodeInput,
  now: Date = new Date(),
): Promise<BonusCodeChange> {
  const outcome = await db.transaction().execute(async (trx) => {
    if (await codeTakenBy(trx, input.code, null)) return { change: taken, told: [] };
    const row = await trx
      .insertInto("bonus_codes")
      .values({
        code: input.code,
        description: input.description,
        value: input.value,
        expires_at: input.expiresAt,
        created_at: now.toISOString(),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const code = toView(row, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "bonus_code.created",
        subject: auditSubject("bonus_code", code.id),
        before: null,
        after: audited(code),
      },
      now,
    );
    const told: NotificationView[] = [];
    if (!code.expired) {
      const post = bonusCodePost(code, `${siteOrigin()}/bonus-codes`);
      await enqueueChannelPosts(trx, "bonus_code", post, `bonus_code:${code.id}`, now);
      const { title, message } = newBonusCodeNotification(code);
      for (const userIds of await recipientSlices(trx)) {
        const rows = userIds.map((userId) => ({
          userId,
          kind: "bonus_code" as const,
          title,
          message,
        }));
        told.push(...(await addNotifications(trx, rows, now)));
      }
    }
    return { change: { ok: true, code } as const, told };
  });
  await announceNotifications(outcome.told);
  return outcome.change;
}

/** Changes a code, with its audit row (before and after), in one transaction. */
export async function updateBonusCode(
  actor: AuditActor,
  id: number,
  input: BonusCodeInput,
  now: Date = new Date(),
): Promise<BonusCodeChange> {
  return db.transaction().execute(async (trx): Promise<BonusCodeChange> => {
    const existing = await trx
      .selectFrom("bonus_codes")
      .select(COLUMNS)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!existing) return notFound;
    if (await codeTakenBy(trx, input.code, id)) return taken;
    const row = await trx
      .updateTable("bonus_codes")
      .set({
        code: input.code,
        description: input.description,
        value: input.value,
        expires_at: input.expiresAt,
      })
      .where("id", "=", id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const code = toView(row, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "bonus_code.updated",
        subject: auditSubject("bonus_code", id),
        before: audited(toView(existing, now)),
        after: audited(code),
      },
      now,
    );
    return { ok: true, code };
  });
}

/** Deletes a code, with its audit row, in one transaction. */
export async function deleteBonusCode(
  actor: AuditActor,
  id: number,
  now: Date = new Date(),
): Promise<BonusCodeChange> {
  return db.transaction().execute(async (trx): Promise<BonusCodeChange> => {
    const existing = await trx
      .deleteFrom("bonus_codes")
      .where("id", "=", id)
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!existing) return notFound;
    const code = toView(existing, now);
    await recordAudit(
      trx,
      {
        actor,
        kind: "bonus_code.deleted",
        subject: auditSubject("bonus_code", id),
        before: audited(code),
        after: null,
      },
      now,
    );
    return { ok: true, code };
  });
}

/** The mobile bell's dot: a usable code was added since the user last opened /bonus-codes. */
export async function hasUnseenBonusCode(userId: number, now: Date = new Date()): Promise<boolean> {
  const row = await unseenBonusCodeQuery(userId, now).executeTakeFirst();
  return row !== undefined;
}

/** hasUnseenBonusCode's query: a row when there is one (an EXISTS of the header's figures). */
export function unseenBonusCodeQuery(userId: number | Expression<number>, now: Date) {
  return db
    .selectFrom("bonus_codes")
    .select("bonus_codes.id")
    .where("bonus_codes.expires_at", ">", now.toISOString())
    .where((eb) =>
      eb(
        "bonus_codes.created_at",
        ">",
        eb
          .selectFrom("users")
          .select((u) => u.fn.coalesce("users.bonus_codes_seen_at", u.val("")).as("seen"))
          .where("users.id", "=", userId),
      ),
    )
    .limit(1);
}

/** Opening /bonus-codes shows every code: the bell's dot goes until a newer one arrives. */
export async function markBonusCodesSeen(userId: number, now: Date = new Date()): Promise<void> {
  await db
    .updateTable("users")
    .set({ bonus_codes_seen_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}
