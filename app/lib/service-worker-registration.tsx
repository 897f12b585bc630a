import { SERVICE_WORKER_PATH } from "~/domain/web-app-manifest";
import { useNonce } from "./nonce";

// The service worker (public/service-worker.js, docs/decisions/0076) is registered by this inline
// script once the page has loaded: it is no part of the page's bundle and waits for nothing the
// page needs. Admin pages do not register it (the admin host has no offline page to keep).
const REGISTER = `if ("serviceWorker" in navigator && !/^\\/admin(\\/|$)/.test(location.pathname)) {
  addEventListener("load", function () {
    navigator.serviceWorker.register("${SERVICE_WORKER_PATH}").catch(function () {});
  });
}`;

/** Registers the service worker after load (in the root layout). */
export function ServiceWorkerRegistration() {
  const nonce = useNonce();
  return (
    <script nonce={nonce} dangerouslySetInnerHTML={{ __html: REGISTER }} suppressHydrationWarning />
  );
}
