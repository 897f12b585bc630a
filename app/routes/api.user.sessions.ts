import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SessionJson } from "~/domain/api-contract";
import { browserFromUserAgent, deviceFromUserAgent } from "~/domain/user-agent";
import { apiRoute, jsonResponse } from "~/http/json-api.server";
import { requireApiUser } from "~/services/auth/auth.server";
import { listSessions } from "~/services/auth/sessions.server";

async function ownSessions({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const sessions = await listSessions(user.userId);
  return jsonResponse(
    sessions.map((session): SessionJson => {
      // Every listed session is live; the client reads isActive as "the one you are using".
      const isCurrent = session.id === user.sessionId;
      return {
        id: session.id,
        userAgent: session.userAgent,
        device: deviceFromUserAgent(session.userAgent),
        browser: browserFromUserAgent(session.userAgent),
        isActive: isCurrent,
        isCurrent,
        createdAt: session.createdAt,
        lastActive: session.lastActive,
      };
    }),
  );
}

const route = apiRoute({ GET: ownSessions });
export const loader = route.loader;
export const action = route.action;
