import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layering (docs/decisions/0017): data flows provider -> jobs -> services -> db, routes ->
 * services, and app/realtime only receives events. Each folder of app/ lists the folders it must
 * not import; `../` imports are refused everywhere in app/ so that every import names its folder.
 */
/** app/lib holds what the browser may load too (docs/decisions/0090). */
const LIB_FORBIDS = [
  "services",
  "server",
  "http",
  "realtime",
  "provider",
  "jobs",
  "routes",
  "components",
  "db",
];
/** Pure modules (rules and texts) import nothing that runs on the server or renders. */
const PURE_FORBIDS = [...LIB_FORBIDS, "lib/*.server"];
const LAYERS = {
  "app/domain": PURE_FORBIDS,
  "app/content": PURE_FORBIDS,
  "app/components": ["services", "provider", "jobs", "routes", "db", "*.server"],
  "app/lib": [...LIB_FORBIDS, "*.server"],
  // Server infrastructure, and the HTTP layer with the departures from stock Remix (issue 31).
  "app/server": ["services", "http", "realtime", "provider", "jobs", "routes", "components", "db"],
  "app/http": ["services", "realtime", "provider", "jobs", "routes", "components", "db"],
  "app/services": ["routes", "components", "realtime", "jobs", "provider"],
  "app/provider": ["jobs", "routes", "realtime", "components"],
  "app/jobs": ["routes", "components", "realtime"],
  "app/realtime": ["routes", "jobs", "provider", "components"],
  "app/routes": ["jobs", "provider", "db"],
};

/** An import pattern for a folder of app/ (or db/, or any `.server` module). */
function forbiddenPattern(target) {
  if (target === "db") return ["~db", "~db/*", "**/db/*"];
  if (target === "*.server") return ["**/*.server", "**/*.server.*"];
  return [`~/${target}`, `~/${target}/*`];
}

/** The root loader's data is read through app/lib/root-data.ts, the one module that imports it. */
const ROOT_LOADER = {
  group: ["~/root"],
  message:
    "Read the root loader's data with useRootData() or useOptionalUser() (app/lib/root-data.ts).",
};
const ROOT_DATA_MODULE = "app/lib/root-data.ts";

/**
 * Services answer no request: reading a request's input and building its answer are the route's
 * (`app/routes/api.*.ts`, or a route's own `*.server.ts` beside it). The auth guards, which throw
 * the answers every route shares (redirect to sign in, 401, 403), are the one exception.
 */
const HTTP_MESSAGE =
  "app/services must not handle HTTP: read the request and answer in the route (app/routes/).";
const AUTH_GUARDS = "app/services/auth/auth.server.ts";
const HTTP_IN_SERVICES = {
  patterns: [
    {
      group: [
        "@remix-run/*",
        "~/http/json-api.server",
        "~/http/form-body.server",
        "~/http/intent.server",
      ],
      message: HTTP_MESSAGE,
    },
  ],
  // A service may read the request's flash toast (the site's shell does), not answer with one.
  paths: [
    {
      name: "~/http/toast.server",
      importNames: ["redirectWithToast", "createToastHeaders"],
      message: HTTP_MESSAGE,
    },
  ],
};

/** Routes read and write through the services, never the database itself. */
const DATABASE_IN_ROUTES = {
  patterns: [
    {
      group: ["~/services/db.server", "kysely"],
      message: "app/routes must not query the database: call a service (app/services/).",
    },
  ],
  paths: [],
};

/** What a folder must not import besides the other layers. */
const FOLDER_RULES = { "app/services": HTTP_IN_SERVICES, "app/routes": DATABASE_IN_ROUTES };

const RELATIVE_PARENT = {
  group: ["../*"],
  message: "Import through ~/ (or ~db): a path that names its folder keeps the layering visible.",
};

function layerRule(
  folder,
  files,
  { rootLoader = false, ignores = [], folderRules = FOLDER_RULES[folder] } = {},
) {
  const ignored = [...(rootLoader ? [] : [ROOT_DATA_MODULE]), ...ignores];
  return {
    files,
    ignores: ignored,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: folderRules?.paths ?? [],
          patterns: [
            RELATIVE_PARENT,
            ...(rootLoader ? [] : [ROOT_LOADER]),
            ...LAYERS[folder].map((target) => ({
              group: forbiddenPattern(target),
              message: `${folder} must not import ${target} (layering: docs/decisions/0017).`,
            })),
            ...(folderRules?.patterns ?? []),
          ],
        },
      ],
    },
  };
}

const layeringRules = [
  ...Object.keys(LAYERS).map((folder) =>
    layerRule(folder, [`${folder}/**/*.{ts,tsx}`], {
      ignores: folder === "app/services" ? [AUTH_GUARDS] : [],
    }),
  ),
  layerRule("app/lib", [ROOT_DATA_MODULE], { rootLoader: true }),
  layerRule("app/services", [AUTH_GUARDS], { folderRules: null }),
];

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [RELATIVE_PARENT] }] },
  },
  ...layeringRules,
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/app/*", "**/db", "**/db/*"], message: RELATIVE_PARENT.message }],
        },
      ],
    },
  },
  {
    // Playwright reads a test's fixtures from its first parameter: `({}, testInfo)` is its idiom.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["public/service-worker.js"],
    languageOptions: { globals: globals.serviceworker },
  },
);
