import type { Transaction } from "kysely";
import type { Database } from "~db";
import { equalsIgnoringCase } from "~db";
import { auditSubject } from "~/domain/audit";
import {
  LINK_REQUEST_NOT_FOUND,
  NOT_LINKED,
  PLAYER_ALREADY_LINKED,
  REQUEST_ALREADY_PENDING,
  decisionNotice,
  decisionProblem,
  linkRequestProblem,
  matchPlayerByName,
  parseGoatedUsername,
} from "~/domain/goated-link";
import type { LinkDecision, LinkRequestStatus } from "~/domain/goated-link";
import { recordAudit } from "~/services/admin/audit.server";
import type { AuditActor } from "~/services/admin/audit.server";
import { announcePlayerNamesChanged } from "./player-names.server";
import { db, dialect } from "~/services/db.server";
import {
  addNotifications,
  announceNotifications,
} from "~/services/notifications/notifications.server";
import { isUniqueViolation } from "~/services/auth/users.server";

/** A link request as the profile, the admin list and the API show it. */
export interface LinkRequestView {
  id: number;
  userId: number;
  goatedUsername: string;
  status: LinkRequestStatus;
  createdAt: string;
}

export type LinkResult<T> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

const refused = (status: 400 | 404 | 409, message: string) =>
  ({ ok: false, status, message }) as const;

/** Whether another user than `userId` is linked to the player `uid`. */
async function linkedToAnother(trx: Transaction<Database>, uid: string, userId: number) {
  const row = await trx
    .selectFrom("users")
    .select("id")
    .where("goated_id", "=", uid)
    .where("id", "!=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Asks for the user's account to be linked to the referral named `typed` (its name regardless of
 * case; demo rows are no referrals). The request waits for an admin. A rare call: the name is
 * compared along the players table rather than kept in one more index the sync must write.
 */
export async function requestGoatedLink(
  userId: number,
  typed: unknown,
  now: Date = new Date(),
): Promise<LinkResult<LinkRequestView>> {
  const parsed = parseGoatedUsername(typed);
  if (!parsed.ok) return refused(400, parsed.message);
  try {
    return await db.transaction().execute(async (trx): Promise<LinkResult<LinkRequestView>> => {
      const candidates = await trx
        .selectFrom("players")
        .select(["uid", "name"])
        .where(equalsIgnoringCase(dialect, "name", parsed.username))
        .where("is_demo", "=", 0)
        .execute();
      const match = matchPlayerByName(candidates, parsed.username);
      if (!match.ok) return refused(404, match.message);
      const user = await trx
        .selectFrom("users")
        .select("goated_id")
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) return refused(404, "User not found");
      const pending = await trx
        .selectFrom("goated_link_requests")
        .select("id")
        .where("user_id", "=", userId)
        .where("status", "=", "pending")
        .executeTakeFirst();
      const problem = linkRequestProblem({
        userLinked: user.goated_id !== null,
        hasPendingRequest: pending !== undefined,
        playerLinkedToAnother: await linkedToAnother(trx, match.player.uid, userId),
      });
      if (problem) return refused(409, problem);
      const createdAt = now.toISOString();
      const row = await trx
        .insertInto("goated_link_requests")
        .values({
          user_id: userId,
          player_uid: match.player.uid,
          player_name: match.player.name,
          created_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const request: LinkRequestView = {
        id: row.id,
        userId,
        goatedUsername: match.player.name,
        status: "pending",
        createdAt,
      };
      return { ok: true, value: request };
    });
  } catch (error) {
    // Two requests of one user at once: the unique index keeps the second out.
    if (isUniqueViolation(error)) return refused(409, REQUEST_ALREADY_PENDING);
    throw error;
  }
}

/** The user's request waiting for an admin, if any (the profile's 'Pending review'). */
export async function pendingLinkRequest(userId: number): Promise<LinkRequestView | null> {
  const row = await db
    .selectFrom("goated_link_requests")
    .select(["id", "user_id", "player_name", "status", "created_at"])
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        goatedUsername: row.player_name,
        status: row.status,
        createdAt: row.created_at,
      }
    : null;
}

/** A pending request as the admin checks it: who asked, and the player's totals (dollars). */
export interface PendingLinkRequest extends LinkRequestView {
  username: string;
  /** Null once the player is no longer among the referrals. */
  totals: { today: number; thisWeek: number; thisMonth: number; allTime: number } | null;
}

/** The admin list shows at most this many, oldest first; deciding them brings the next. */
export const PENDING_LIST_LIMIT = 100;

export async function listPendingLinkRequests(): Promise<PendingLinkRequest[]> {
  const rows = await db
    .selectFrom("goated_link_requests as r")
    .innerJoin("users", "users.id", "r.user_id")
    .leftJoin("players", "players.uid", "r.player_uid")
    .select([
      "r.id",
      "r.user_id",
      "r.player_name",
      "r.created_at",
      "users.username",
      "players.uid",
      "players.today",
      "players.this_week",
      "players.this_month",
      "players.all_time",
    ])
    .where("r.status", "=", "pending")
    .orderBy("r.created_at")
    .orderBy("r.id")
    .limit(PENDING_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    username: row.username,
    goatedUsername: row.player_name,
    status: "pending",
    createdAt: row.created_at,
    totals:
      row.uid === null
        ? null
        : {
            today: row.today ?? 0,
            thisWeek: row.this_week ?? 0,
            thisMonth: row.this_month ?? 0,
            allTime: row.all_time ?? 0,
          },
  }));
}

/**
 * An admin approves (the user is linked to the player) or rejects a pending request, with its
 * audit row and the user's notification in the same transaction; open pages hear of the
 * notification once it is committed.
 */
export async function decideLinkRequest(
  actor: AuditActor,
  requestId: number,
  decision: LinkDecision,
  now: Date = new Date(),
): Promise<LinkResult<LinkRequestView>> {
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom("goated_link_requests")
        .selectAll()
        .where("id", "=", requestId)
        .executeTakeFirst();
      if (!request) return refused(404, LINK_REQUEST_NOT_FOUND);
      const [user, player] = await Promise.all([
        trx
          .selectFrom("users")
          .select("goated_id")
          .where("id", "=", request.user_id)
          .executeTakeFirst(),
        trx
          .selectFrom("players")
          .select("name")
          .where("uid", "=", request.player_uid)
          .executeTakeFirst(),
      ]);
      const problem = decisionProblem(decision, {
        status: request.status,
        playerExists: player !== undefined,
        userLinked: (user?.goated_id ?? null) !== null,
        playerLinkedToAnother: await linkedToAnother(trx, request.player_uid, request.user_id),
      });
      if (problem) return refused(409, problem);
      const status: LinkRequestStatus = decision === "approve" ? "approved" : "rejected";
      // The provider's current spelling, which a sync may have changed since the request.
      const playerName = player?.name ?? request.player_name;
      if (decision === "approve") {
        await trx
          .updateTable("users")
          // A new link starts masked: the member chooses to show the name (docs/decisions/0081).
          .set({ goated_id: request.player_uid, goated_username: playerName, show_player_name: 0 })
          .where("id", "=", request.user_id)
          .execute();
      }
      await trx
        .updateTable("goated_link_requests")
        .set({ status, decided_at: now.toISOString(), decided_by: actor.userId })
        .where("id", "=", requestId)
        .execute();
      const subject = {
        userId: request.user_id,
        goatedId: request.player_uid,
        goatedUsername: playerName,
      };
      await recordAudit(
        trx,
        {
          actor,
          kind: decision === "approve" ? "goated_link.approved" : "goated_link.rejected",
          subject: auditSubject("link_request", requestId),
          before: { ...subject, status: request.status },
          after: { ...subject, status },
        },
        now,
      );
      const notifications = await addNotifications(
        trx,
        [
          {
            userId: request.user_id,
            kind: "account_link",
            ...decisionNotice(decision, playerName),
          },
        ],
        now,
      );
      const view: LinkRequestView = {
        id: requestId,
        userId: request.user_id,
        goatedUsername: playerName,
        status,
        createdAt: request.created_at,
      };
      return { ok: true, value: view, notifications } as const;
    });
    if (!outcome.ok) return outcome;
    await announceNotifications(outcome.notifications);
    return { ok: true, value: outcome.value };
  } catch (error) {
    // Another approval linked the player between the check and the write.
    if (isUniqueViolation(error)) return refused(409, PLAYER_ALREADY_LINKED);
    throw error;
  }
}

/** The user unlinks their Goated account; recorded in the audit log with the user as actor. */
export async function unlinkGoated(
  actor: AuditActor,
  now: Date = new Date(),
): Promise<LinkResult<null>> {
  const outcome = await db.transaction().execute(async (trx): Promise<LinkResult<null>> => {
    const user = await trx
      .selectFrom("users")
      .select(["goated_id", "goated_username"])
      .where("id", "=", actor.userId)
      .executeTakeFirst();
    if (!user?.goated_id) return refused(409, NOT_LINKED);
    await trx
      .updateTable("users")
      .set({ goated_id: null, goated_username: null, show_player_name: 0 })
      .where("id", "=", actor.userId)
      .execute();
    await recordAudit(
      trx,
      {
        actor,
        kind: "goated_link.unlinked",
        subject: auditSubject("user", actor.userId),
        before: { goatedId: user.goated_id, goatedUsername: user.goated_username },
        after: { goatedId: null, goatedUsername: null },
      },
      now,
    );
    return { ok: true, value: null };
  });
  // A player shown by choice is masked again once no member speaks for them.
  if (outcome.ok) await announcePlayerNamesChanged();
  return outcome;
}
