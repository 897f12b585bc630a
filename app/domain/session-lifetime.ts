const DAY = 24 * 60 * 60_000;
/** A session ends 30 days after sign-in however active it is (absolute expiry)... */
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** ...or after 7 days without a request (idle expiry). */
export const SESSION_IDLE_MS = 7 * DAY;
