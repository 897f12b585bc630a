import { webAppManifest } from "~/domain/web-app-manifest";

/** GET /manifest.webmanifest: the installed app's manifest, the same for everyone. */
export function loader() {
  return new Response(JSON.stringify(webAppManifest()), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
