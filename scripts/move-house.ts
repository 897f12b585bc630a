// One-off codemod for issue 31 (items 2 and 3): `app/lib` split by what it is (browser-safe helpers
// stay; server infrastructure to `app/server/`; the HTTP layer and the departures from stock Remix
// to `app/http/`) and `app/services` grouped by aggregate. Run it on any tree:
//
//   npx tsx scripts/move-house.ts && npm run typecheck && npx eslint .
//
// It `git mv`s each file of MOVES that is still at its old path, then rewrites every reference to
// a moved file in every text file of the repository (found by module path, not from a list, so
// files added since this was written are rewritten too): `~/` imports, relative imports (the moved
// files' own and those of tests, bench, scripts and server.ts), `vi.mock`/`import()` paths, paths in
// comments, docs and eslint.config.js; then it applies the few line edits of EDITS and runs
// prettier on what it changed. Running it twice changes nothing the second time.
// Delete this file once it has been applied on main: it describes a move, not the code.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const posix = path.posix;

/** Where each file goes: [from folder, to folder, files]. */
const GROUPS: [string, string, string[]][] = [
  [
    "app/lib",
    "app/server",
    [
      "backup-directory.server.ts",
      "cache.server.ts",
      "chat-presence.server.ts",
      "config.server.ts",
      "database-lock.server.ts",
      "domain-event-bus.server.ts",
      "event-bus.server.ts",
      "event-loop.server.ts",
      "job-leader.server.ts",
      "local-subscribers.server.ts",
      "logger.server.ts",
      "metrics.server.ts",
      "password-hash-client.server.ts",
      "password-hash-threads.server.ts",
      "postgres-event-bus.server.ts",
      "postgres-pool.server.ts",
      "postgres-programs.server.ts",
      "provider-config.server.ts",
      "qr-code.server.ts",
      "rate-limiter.server.ts",
      "render-queue.server.ts",
      "repeating-job.server.ts",
      "requests-in-flight.server.ts",
      "secret-box.server.ts",
      "share-card-image.server.tsx",
      "signed-token.server.ts",
    ],
  ],
  [
    "app/lib",
    "app/http",
    [
      "api-routes.server.ts",
      "client-address.server.ts",
      "compression-settings.ts",
      "cookies.server.ts",
      "express-server.server.ts",
      "form-body.server.ts",
      "held-scripts.server.ts",
      "http-app.server.ts",
      "inline-stylesheet.tsx",
      "intent.server.ts",
      "json-api.server.ts",
      "load-context.ts",
      "load-shedding.server.ts",
      "negotiator.d.ts",
      "operations-routes.server.ts",
      "page-cache.server.ts",
      "private-answers.server.ts",
      "request-log.server.ts",
      "route-label.server.ts",
      "scripts-after-paint.tsx",
      "signed-in-documents.server.ts",
      "stylesheet-text.server.ts",
      "toast.server.ts",
      "whole-body-compression.server.ts",
    ],
  ],
  [
    "app/services",
    "app/services/auth",
    [
      "account-standing.server.ts",
      "auth.server.ts",
      "authentication.server.ts",
      "login-throttle.server.ts",
      "password-change.server.ts",
      "passwords.server.ts",
      "registration-throttle.server.ts",
      "sessions.server.ts",
      "shell-user.server.ts",
      "two-step-sign-in.server.ts",
      "two-step.server.ts",
      "users.server.ts",
    ],
  ],
  [
    "app/services",
    "app/services/players",
    [
      "affiliate-stats.server.ts",
      "goated-links.server.ts",
      "leaderboard-snapshot.server.ts",
      "member-profile.server.ts",
      "player-names.server.ts",
      "player-queries.server.ts",
      "player-ranks.server.ts",
      "player-store-plan.server.ts",
      "player-store-postgres.server.ts",
      "player-store-sqlite.server.ts",
      "player-store.server.ts",
      "rank-ups.server.ts",
      "telegram-links.server.ts",
      "wager-charts.server.ts",
      "wager-flags.server.ts",
    ],
  ],
  [
    "app/services",
    "app/services/races",
    [
      "race-admin.server.ts",
      "race-alerts.server.ts",
      "race-announcement.server.ts",
      "race-payouts.server.ts",
      "race-proof.server.ts",
      "race-results.server.ts",
      "race-standings.server.ts",
      "race-store.server.ts",
      "race-views.server.ts",
      "race-widget.server.ts",
    ],
  ],
  ["app/services", "app/services/support", ["support-chat.server.ts"]],
  [
    "app/services",
    "app/services/notifications",
    [
      "community-channels.server.ts",
      "notification-broadcasts.server.ts",
      "notifications.server.ts",
      "outbox.server.ts",
      "preferences.server.ts",
    ],
  ],
  [
    "app/services",
    "app/services/admin",
    [
      "admin-analytics.server.ts",
      "admin-panel.server.ts",
      "admin-users.server.ts",
      "audit.server.ts",
      "provider-tokens.server.ts",
    ],
  ],
  [
    "app/services",
    "app/services/promotions",
    ["bonus-codes.server.ts", "giveaways.server.ts", "hero-videos.server.ts"],
  ],
  [
    "app/services",
    "app/services/operations",
    [
      "backup.server.ts",
      "database-setup.server.ts",
      "operations-metrics.server.ts",
      "readiness.server.ts",
      "restore.server.ts",
      "retention.server.ts",
      "sync-runs.server.ts",
    ],
  ],
];

/** Files that are not modules but move with their folder (written before the move). */
const OTHER_MOVES: [string, string][] = [["app/lib/http-README.md", "app/http/README.md"]];

const MOVES = new Map<string, string>([
  ...GROUPS.flatMap(([from, to, files]) =>
    files.map((file): [string, string] => [`${from}/${file}`, `${to}/${file}`]),
  ),
  ...OTHER_MOVES,
]);

/**
 * Line edits that a path rewrite cannot make (what a folder holds), each applied once: the line
 * starting with `startsWith` is replaced by `lines` (or, with `keep`, followed by them), unless
 * `done` is already in the file.
 */
const EDITS: { file: string; startsWith: string; keep?: true; done: string; lines: string[] }[] = [
  {
    // app/lib keeps only what the browser may load too: no `*.server` module.
    file: "eslint.config.js",
    startsWith: '  "app/lib": LIB_FORBIDS,',
    done: '"app/lib": [...LIB_FORBIDS, "*.server"]',
    lines: ['  "app/lib": [...LIB_FORBIDS, "*.server"],'],
  },
  {
    file: "docs/architecture.md",
    startsWith: "- `app/lib/` is the server's plumbing",
    done: "- `app/server/` is the server's plumbing",
    lines: [
      "- `app/server/` is the server's plumbing (configuration, logger, metrics, event bus, pools,",
      "  job leader, locks, hash threads); `app/http/` is the HTTP layer (the express app, cookies,",
      "  form bodies, toasts) and every departure from stock Remix, listed in `app/http/README.md`;",
      "  `app/lib/` keeps the helpers the browser may load too. None imports a layer above it.",
    ],
  },
  {
    file: "docs/architecture.md",
    startsWith: "| `app/lib/`",
    done: "| `app/server/`",
    lines: [
      "| `app/lib/` | browser-safe helpers: the root data hook, meta, toasts, redirects, origin checks |",
      "| `app/server/` | server infrastructure: configuration, logger, metrics, event bus, pools, job leader, locks, hash threads, caches |",
      "| `app/http/` | the express app, cookies, form bodies, toasts, and the departures from stock Remix (`app/http/README.md`) |",
    ],
  },
  {
    file: "docs/architecture.md",
    startsWith: "| a cache of computed data",
    keep: true,
    done: "| a departure from stock Remix",
    lines: [
      "| a departure from stock Remix | `app/http/`, its row in `app/http/README.md` and off under `STOCK_REMIX=1` |",
    ],
  },
  {
    file: "docs/architecture.md",
    startsWith: "| `app/services/` ",
    done: "`*.server.ts` by aggregate",
    lines: [
      "| `app/services/` | `*.server.ts` by aggregate (`app/services/races/`, `app/services/auth/`, ...); e-mail in `app/services/email/` |",
    ],
  },
];

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|json|yml|yaml|sh|css|txt|conf|service|timer|example)$/;
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
const SELF = "scripts/move-house.ts";
const NOT_REWRITTEN = new Set([SELF, "package-lock.json"]);

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" });
}

const root = git("rev-parse", "--show-toplevel").trim();
process.chdir(root);
const files = git("ls-files", "--cached", "--others", "--exclude-standard")
  .split("\n")
  .filter((file) => file && existsSync(file));
const fileSet = new Set(files);

// A move is pending (old path there), done (only the new one there) or gone (neither: deleted).
const pending = [...MOVES].filter(([from]) => fileSet.has(from));
const known = [...MOVES].filter(([from, to]) => fileSet.has(from) || fileSet.has(to));
const moved = new Map(pending);

/** The file a module specifier relative to `dir` names, and what was added to find it. */
function resolveRelative(dir: string, specifier: string): { file: string; suffix: string } | null {
  const base = posix.normalize(posix.join(dir, specifier));
  for (const suffix of ["", ".ts", ".tsx", ".d.ts", ".js", ".mjs", "/index.ts", "/index.tsx"]) {
    if (fileSet.has(base + suffix)) return { file: base + suffix, suffix };
  }
  return null;
}

/** Relative specifiers, recomputed for where the importing file and its target now live. */
function rewriteRelative(file: string, text: string): string {
  const newFile = moved.get(file) ?? file;
  return text.replace(/(["'])(\.\.?\/[^"'\n]*)\1/g, (literal, quote: string, specifier: string) => {
    const target = resolveRelative(posix.dirname(file), specifier);
    if (!target) return literal;
    const newTarget = moved.get(target.file) ?? target.file;
    if (newFile === file && newTarget === target.file) return literal;
    const newBase = newTarget.slice(0, newTarget.length - target.suffix.length);
    let newSpecifier = posix.relative(posix.dirname(newFile), newBase);
    // In app/ an import names its folder through ~/ rather than ../ (eslint.config.js).
    if (
      newFile.startsWith("app/") &&
      newSpecifier.startsWith("../") &&
      newBase.startsWith("app/")
    ) {
      newSpecifier = `~/${newBase.slice("app/".length)}`;
    } else if (!newSpecifier.startsWith(".")) newSpecifier = `./${newSpecifier}`;
    return `${quote}${newSpecifier}${quote}`;
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const withoutExtension = (file: string) => file.replace(/(\.d)?\.(ts|tsx|md)$/, "");

/**
 * Paths of moved files as text: `app/lib/x.server(.ts)`, `~/lib/x.server`, and a bare
 * `lib/x.server` (in prose), but not `tests/unit/lib/x.server`. One pass, longest first.
 */
const byOldStem = new Map(
  known.map(([from, to]) => [withoutExtension(from).slice("app/".length), to] as const),
);
const stems = [...byOldStem.keys()].sort((a, b) => b.length - a.length).map(escape);
const PATH_PATTERN = new RegExp(
  `(?:(?<![\\w.-])(app/)|(~/)|(?<![\\w./~-]))(${stems.join("|")})((?:\\.d)?\\.(?:tsx?|md))?(?![\\w-]|\\.\\w)`,
  "g",
);

function rewritePaths(text: string): string {
  return text.replace(
    PATH_PATTERN,
    (_match, app: string | undefined, tilde: string | undefined, stem: string, ext?: string) => {
      const to = byOldStem.get(stem)!;
      const newStem = withoutExtension(to).slice("app/".length);
      const newExt = ext ? to.slice(withoutExtension(to).length) : "";
      return `${app ?? tilde ?? ""}${newStem}${newExt}`;
    },
  );
}

// Compute every file's new text on the tree as it is, then move, then write.
const rewritten = new Map<string, string>();
for (const file of files) {
  if (!TEXT_FILE.test(file) || NOT_REWRITTEN.has(file)) continue;
  const text = readFileSync(file, "utf8");
  let next = CODE_FILE.test(file) ? rewriteRelative(file, text) : text;
  if (known.length > 0) next = rewritePaths(next);
  if (next !== text) rewritten.set(moved.get(file) ?? file, next);
}

for (const [from, to] of pending) {
  mkdirSync(posix.dirname(to), { recursive: true });
  git("mv", from, to);
}
for (const [file, text] of rewritten) writeFileSync(file, text);

const edited = new Set<string>();
for (const edit of EDITS) {
  if (!existsSync(edit.file)) continue;
  const text = readFileSync(edit.file, "utf8");
  if (text.includes(edit.done)) continue;
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.startsWith(edit.startsWith));
  if (at < 0) {
    console.warn(
      `! ${edit.file}: no line starts with ${JSON.stringify(edit.startsWith)}; edit by hand`,
    );
    continue;
  }
  lines.splice(edit.keep ? at + 1 : at, edit.keep ? 0 : 1, ...edit.lines);
  writeFileSync(edit.file, lines.join("\n"));
  edited.add(edit.file);
}

const changed = [...new Set([...rewritten.keys(), ...edited])];
const formattable = changed.filter((file) => /\.(ts|tsx|js|mjs|md|json|css)$/.test(file));
if (formattable.length > 0) {
  execFileSync("npx", ["prettier", "--write", "--log-level", "warn", ...formattable], {
    stdio: "inherit",
  });
}

const gone = [...MOVES].filter(([from, to]) => !fileSet.has(from) && !fileSet.has(to));
const after = git("ls-files", "--cached", "--others", "--exclude-standard").split("\n");
const serverInLib = after.filter((file) => /^app\/lib\/[^/]+\.server\.tsx?$/.test(file));
const flatServices = after.filter((file) => /^app\/services\/[^/]+\.ts$/.test(file));
console.log(`moved ${pending.length}, already moved ${known.length - pending.length}`);
console.log(`rewrote ${rewritten.size} files, edited ${edited.size}`);
for (const [from] of gone) console.log(`! ${from}: gone from the tree, not moved`);
for (const file of serverInLib)
  console.log(`! ${file}: a server module left in app/lib (not in MOVES)`);
for (const file of flatServices.filter((file) => file !== "app/services/db.server.ts")) {
  console.log(`! ${file}: left at the top of app/services (not in MOVES)`);
}
