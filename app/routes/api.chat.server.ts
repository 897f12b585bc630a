import { chatMessageJson } from "~/domain/api-json";
import { CHAT_CONVERSATION_REQUIRED } from "~/domain/support-chat";
import { apiError, jsonResponse, readJsonObject } from "~/http/json-api.server";
import { parsePositiveId } from "~/lib/params";
import { requireApiUser } from "~/services/auth/auth.server";
import { readChatHistory, sendChatMessage } from "~/services/support/support-chat.server";
import type { ChatFailure } from "~/services/support/support-chat.server";

/** The support chat's API without a socket: `api.chat.history.ts` and `api.chat.messages.ts`. */

export const CHAT_MESSAGE_SENT = "Message sent";

function failure(result: ChatFailure) {
  return apiError(
    result.status,
    result.message,
    undefined,
    result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
  );
}

/** An optional positive id parameter: null when absent, undefined when malformed. */
function optionalId(value: string | null): number | null | undefined {
  if (value === null || value === "") return null;
  return parsePositiveId(value) ?? undefined;
}

/**
 * `GET /api/chat/history?conversationId=&before=&limit=`: the caller's conversation (or, for
 * staff, the one named), up to `limit` (at most 100) messages before the message id `before`,
 * oldest first.
 */
export async function jsonChatHistory(request: Request) {
  const user = await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const conversationId = optionalId(params.get("conversationId"));
  const before = optionalId(params.get("before"));
  const limit = optionalId(params.get("limit"));
  if (conversationId === undefined) throw apiError(400, "conversationId must be a positive id");
  if (before === undefined) throw apiError(400, "before must be a message id");
  if (limit === undefined) throw apiError(400, "limit must be a positive number");
  const result = await readChatHistory(user.userId, {
    conversationId,
    before,
    limit: limit ?? undefined,
  });
  if (!result.ok) return failure(result);
  return jsonResponse(result.messages.map(chatMessageJson), {
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * `POST /api/chat/messages {message, conversationId?}`: a message without a socket. The same
 * rules as the socket: a player writes to their own conversation, staff name one (400 without);
 * 201 once stored.
 */
export async function jsonSendChatMessage(request: Request) {
  const user = await requireApiUser(request);
  const body = await readJsonObject(request);
  const conversationId = body.conversationId ?? null;
  if (conversationId !== null && optionalId(String(conversationId)) === undefined) {
    throw apiError(400, "conversationId must be a positive id", {
      conversationId: ["conversationId must be a positive id"],
    });
  }
  const result = await sendChatMessage(user.userId, {
    message: body.message,
    conversationId: conversationId === null ? null : Number(conversationId),
  });
  if (!result.ok) {
    if (result.status !== 400) return failure(result);
    const field = result.message === CHAT_CONVERSATION_REQUIRED ? "conversationId" : "message";
    return apiError(400, result.message, { [field]: [result.message] });
  }
  return jsonResponse(
    {
      status: "success",
      message: CHAT_MESSAGE_SENT,
      chatMessage: {
        ...chatMessageJson(result.message),
        conversationId: result.message.conversationId,
      },
    },
    { status: 201 },
  );
}
