import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/ui/buttons";

/**
 * Push on this device, an enhancement (issue 33, docs/decisions/0077): with JavaScript and a
 * browser that can take push, a button asks permission, subscribes through the site's service
 * worker and hands the subscription to POST /api/push/subscriptions; without either, the page
 * says e-mail remains the route. The device list above it is the server's.
 */

type PushState = "loading" | "unsupported" | "blocked" | "off" | "on" | "busy";

const SERVICE_WORKER_URL = "/service-worker.js";

function canPush(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function subscribe(): Promise<void> {
  if ((await Notification.requestPermission()) !== "granted") {
    throw new Error("Notifications were not allowed in this browser.");
  }
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = (await (await fetch("/api/push/vapid-public-key")).json()) as {
    publicKey: string;
  };
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const answer = await fetch("/api/push/subscriptions", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (!answer.ok) {
    await subscription.unsubscribe();
    throw new Error(((await answer.json()) as { message?: string }).message ?? "Failed");
  }
}

async function unsubscribe(subscription: PushSubscription): Promise<void> {
  await fetch("/api/push/subscriptions", {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  });
  await subscription.unsubscribe();
}

export function PushOnThisDevice() {
  const [state, setState] = useState<PushState>("loading");
  const [problem, setProblem] = useState<string | null>(null);
  const revalidator = useRevalidator();

  const refresh = async () => {
    if (!canPush()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    setState((await currentSubscription()) ? "on" : "off");
  };

  useEffect(() => {
    refresh().catch(() => setState("unsupported"));
  }, []);

  const run = (change: () => Promise<void>) => async () => {
    setState("busy");
    setProblem(null);
    try {
      await change();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    await refresh().catch(() => setState("unsupported"));
    revalidator.revalidate();
  };

  if (state === "loading") {
    return (
      <p className="text-sm text-muted">
        Push notifications need JavaScript; without it, e-mail brings you the same news.
      </p>
    );
  }
  if (state === "unsupported") {
    return <p className="text-sm text-muted">This browser cannot receive push notifications.</p>;
  }
  if (state === "blocked") {
    return (
      <p className="text-sm text-muted">
        Notifications are blocked for this site in your browser settings.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {state === "on" ? (
        <button
          type="button"
          className={`${SECONDARY_BUTTON} px-4 py-2 text-sm`}
          onClick={run(async () => {
            const subscription = await currentSubscription();
            if (subscription) await unsubscribe(subscription);
          })}
        >
          Turn off push on this device
        </button>
      ) : (
        <button
          type="button"
          className={`${PRIMARY_BUTTON} px-4 py-2 text-sm`}
          disabled={state === "busy"}
          onClick={run(subscribe)}
        >
          {state === "busy" ? "Working..." : "Turn on push on this device"}
        </button>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
