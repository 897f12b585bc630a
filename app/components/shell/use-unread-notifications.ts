import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { showToast } from "~/lib/client-toast";
import { useSocket } from "~/realtime/use-socket";

/**
 * The signed-in user's unread count, live (docs/decisions/0024): the root loader's figure, replaced
 * by the one /ws/notifications sends with each new notification until the next page load brings
 * a fresh one. A new notification also shows as a toast, and /notifications reloads its list.
 * `signedInCount` is null for a visitor (no socket then).
 */
export function useUnreadNotifications(signedInCount: number | null): number | null {
  const [live, setLive] = useState<number | null>(null);
  const location = useLocation();
  const { revalidate } = useRevalidator();
  // Every navigation (a read, 'Mark all as read', any page) ran the root loader again.
  useEffect(() => setLive(null), [location.key]);

  useSocket(
    "/ws/notifications",
    (message) => {
      if (message.type !== "NOTIFICATIONS") return;
      const { notifications, unreadCount } = message.data;
      setLive(unreadCount);
      const [only] = notifications;
      showToast(
        notifications.length === 1 && only
          ? { title: only.title, description: only.message }
          : { title: `${notifications.length} new notifications` },
      );
      if (location.pathname === "/notifications") revalidate();
    },
    signedInCount !== null,
  );
  return signedInCount === null ? null : (live ?? signedInCount);
}
