// Push (issue 33 item 2, docs/decisions/0077): the `push` and `notificationclick` listeners of the
// site's service worker. Item 1's worker (branch pwa) ends with these when the two are merged.

// A push's data is the JSON {title, body, url} app/domain/push.ts builds.
self.addEventListener("push", (event) => {
  const { title, body, url } = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(title || "GoatedVIPs", {
      body,
      icon: "/favicon.svg",
      data: { url: url || "/notifications" },
    }),
  );
});

// A click opens what the push is about, in a tab of the site already open if there is one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/notifications", self.location.origin);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = open.find((client) => new URL(client.url).origin === target.origin);
      if (tab) {
        await tab.focus();
        await tab.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
