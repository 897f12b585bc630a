// The installed app (issue 33 item 1, docs/decisions/0076): the manifest's fields and icons, and
// the service worker served at the root without caching, through the site's HTTP layer.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ICONS, APPLE_TOUCH_ICON } from "~/domain/web-app-manifest";
import { SITE_COLOURS } from "~/lib/site-colours";
import * as manifestRoute from "~/routes/manifest[.]webmanifest";
import { startHostileServer } from "../lib/hostile-server";
import type { HostileServer } from "../lib/hostile-server";

let site: HostileServer;
beforeAll(async () => {
  site = await startHostileServer({ routes: { "manifest.webmanifest": manifestRoute } });
});
afterAll(async () => {
  await site.close();
});

const get = (path: string) => fetch(`http://127.0.0.1:${site.port}${path}`);

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("GET /manifest.webmanifest", () => {
  it("answers the app's manifest: standalone from / in the site's colours", async () => {
    const response = await get("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "GoatedVIPs",
      short_name: "GoatedVIPs",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: SITE_COLOURS.page,
      theme_color: SITE_COLOURS.page,
    });
  });

  it("names PNG icons of 192 and 512 px, maskable ones too, each a file of its stated size", async () => {
    const { icons } = (await (await get("/manifest.webmanifest")).json()) as {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "192x192 maskable",
      "512x512 maskable",
    ]);
    for (const icon of [
      ...icons,
      { src: APPLE_TOUCH_ICON.src, sizes: `${APPLE_TOUCH_ICON.size}x${APPLE_TOUCH_ICON.size}` },
    ]) {
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(`public${icon.src}`)).toEqual({ width, height });
      const served = await get(icon.src);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
    }
    expect(APP_ICONS).toHaveLength(icons.length);
  });
});

describe("GET /service-worker.js", () => {
  it("is served as JavaScript that is never cached, so a new version is found on the next visit", async () => {
    const response = await get("/service-worker.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(readFileSync("public/service-worker.js", "utf8"));
  });

  it("leaves the other public files their hour of caching", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});
