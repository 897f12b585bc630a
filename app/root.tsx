import { data } from "@remix-run/node";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./components/errors/GeneralErrorBoundary";
import { NOT_FOUND_TITLE } from "./components/errors/NotFound";
import { AdminShell } from "./components/shell/AdminShell";
import { SiteShell } from "./components/shell/SiteShell";
import { useUnreadNotifications } from "./components/shell/use-unread-notifications";
import "./http/load-context";
import { InlineStylesheet } from "./http/inline-stylesheet";
import { useNonce } from "./lib/nonce";
import { ScriptsAfterFirstPaint } from "./http/scripts-after-paint";
import { ServiceWorkerRegistration } from "./lib/service-worker-registration";
import { APPLE_TOUCH_ICON, MANIFEST_PATH } from "./domain/web-app-manifest";
import { requestShell } from "./services/auth/shell-user.server";
import { dataFreshness } from "./services/operations/sync-runs.server";

// The stylesheet is inlined by <InlineStylesheet> (docs/decisions/0030).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installed app (docs/decisions/0076).
  { rel: "manifest", href: MANIFEST_PATH },
  { rel: "apple-touch-icon", href: APPLE_TOUCH_ICON.src },
];

export const meta: MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: NOT_FOUND_TITLE }];
  if (error) return [{ title: "Something went wrong | GoatedVIPs" }];
  return [
    { title: "GoatedVIPs | VIP rewards and wager leaderboards for Goated players" },
    {
      name: "description",
      content:
        "Live Goated wager leaderboards, the monthly wager race, VIP ranks, bonus codes and promotions.",
    },
  ];
};

// The user and the toast are all of this loader's data that depends on the request's user: a page
// whose content is the same for everyone is sent to a signed-in user as the visitor's page with
// these replaced (app/http/signed-in-documents.server.ts).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ user, toast, headers }, freshness] = await Promise.all([
    requestShell(request),
    dataFreshness(),
  ]);
  // The one read of the data's age: pages that show synced data take it from here (StaleDataAge).
  // The admin host's pages get the admin area's own frame (AdminShell).
  const adminHost = context.onAdminHost === true;
  return data({ user, toast, demoData: freshness.demoData, freshness, adminHost }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14151A" />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <ScriptsAfterFirstPaint />
        <ServiceWorkerRegistration />
        {/* `npm run dev` only: renders nothing in production. */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, toast, demoData, adminHost } = useLoaderData<typeof loader>();
  const unreadNotifications = useUnreadNotifications(user ? user.unreadNotifications : null);
  if (adminHost) {
    return (
      <AdminShell user={user} toast={toast} demoData={demoData}>
        <Outlet />
      </AdminShell>
    );
  }
  return (
    <SiteShell
      user={user && { ...user, unreadNotifications: unreadNotifications ?? 0 }}
      toast={toast}
      demoData={demoData}
    >
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  // The root loader may be what failed; then the shell shows a visitor's view.
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (rootData?.adminHost) {
    return (
      <AdminShell user={rootData.user} toast={rootData.toast} demoData={rootData.demoData}>
        <GeneralErrorBoundary />
      </AdminShell>
    );
  }
  return (
    <SiteShell
      user={rootData?.user ?? null}
      toast={rootData?.toast ?? null}
      demoData={rootData?.demoData ?? false}
    >
      <GeneralErrorBoundary />
    </SiteShell>
  );
}
