/**
 * The admin host (DESIGN.md "Admin area", docs/product.md §A2): with `ADMIN_HOST` set, a request
 * whose Host is that name is served the admin area only. `/` and `/admin/login` show the admin
 * login (`/` by a redirect there: the browser's router must see the page's own URL), the other
 * admin pages and `/api/admin/*` keep their guard, and anything else (public pages, the public
 * API) is sent to the admin login. Static files and the build are served before this rule.
 */

export const ADMIN_LOGIN_PATH = "/admin/login";

/** `admin.example.com` or `admin.example.com:8443`: a host name, optionally with a port. */
export const ADMIN_HOST_PATTERN =
  /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/;

/**
 * Whether a request's Host header names the admin host. A configured name without a port matches
 * that name on any port; with a port, only that port. Host names are compared without case.
 */
export function isAdminHost(hostHeader: string | undefined, adminHost: string | null): boolean {
  if (!adminHost || !hostHeader) return false;
  const host = hostHeader.trim().toLowerCase();
  const wanted = adminHost.toLowerCase();
  return wanted.includes(":") ? host === wanted : host.replace(/:\d+$/, "") === wanted;
}

/**
 * Whether an Origin header is the admin host's: the scheme of the site's PUBLIC_ORIGIN and a host
 * isAdminHost accepts, so its pages post from whatever port its name allows (decision 0022).
 */
export function isAdminOrigin(origin: string, publicOrigin: string, adminHost: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.protocol === new URL(publicOrigin).protocol && isAdminHost(parsed.host, adminHost);
}

/**
 * Paths the admin host serves as they are: the admin pages and admin API, signing out (the account
 * menu's form) and Remix's route manifest (the browser's router asks it before navigating).
 */
function servedOnAdminHost(path: string): boolean {
  return (
    /^\/admin(?:\/|$)/.test(path) ||
    /^\/api\/admin(?:\/|$)/.test(path) ||
    path === "/logout" ||
    path === "/__manifest"
  );
}

/**
 * What the admin host does with a request for `path`: serve it, send it to the admin login, or
 * hand it to Remix's data-request hook. A browser that has the site's scripts moves between pages
 * by fetching their data (`/leaderboard.data`, `/_root.data` for `/`); an HTTP redirect there
 * would not be understood, so app/entry.server.tsx answers those with a Remix redirect instead.
 */
export function adminHostRoute(path: string): "serve" | "to-admin-login" | "data-request" {
  if (path.endsWith(".data")) return "data-request";
  return servedOnAdminHost(path) ? "serve" : "to-admin-login";
}

/** Whether the admin host refuses a Remix data request for `path` (the data of a public page). */
export function refusesDataRequest(path: string): boolean {
  const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
  return !servedOnAdminHost(page);
}
