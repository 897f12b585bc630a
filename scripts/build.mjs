// `npm run build`: the production build (Remix, the server's own entries, the compile hints), then
// a stamp of what it was built from. `--if-needed` (`npm start`) builds only when the build is
// missing or the stamp no longer matches its sources. `remix dev` writes a development build to the
// same place, so the build's own files are part of the fingerprint too.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "db",
  "public",
  "server.ts",
  "remix.config.js",
  "tailwind.config.ts",
  "package-lock.json",
];
const OUTPUTS = ["build/index.js", "build/server.js", "build/sync-worker.js"];
const STAMP = "build/.production-build";

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) {
      if (entry === "public" && name === "build") continue; // our own output
      yield* files(path.join(entry, name));
    }
  } else {
    yield entry;
  }
}

function fingerprint() {
  const hash = createHash("sha256");
  for (const file of [...SOURCES, ...OUTPUTS].flatMap((entry) => [...files(entry)])) {
    const { mtimeMs, size } = statSync(file);
    hash.update(`${file}\0${mtimeMs}\0${size}\n`);
  }
  return hash.digest("hex");
}

const upToDate =
  OUTPUTS.every((file) => existsSync(file)) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, "utf8") === fingerprint();

if (process.argv.includes("--if-needed") && upToDate) {
  console.log("Production build is up to date.");
} else {
  console.log("Building the site for production...");
  execFileSync("node_modules/.bin/remix", ["build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  execFileSync(process.execPath, ["scripts/build-server-entries.mjs"], { stdio: "inherit" });
  execFileSync("node_modules/.bin/tsx", ["scripts/compile-hints.ts"], { stdio: "inherit" });
  execFileSync("node_modules/.bin/tsx", ["scripts/shared-esm-interop.ts"], { stdio: "inherit" });
  writeFileSync(STAMP, fingerprint());
}
