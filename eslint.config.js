import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layering (docs/decisions/0017): data flows provider -> jobs -> services -> db, routes ->
 * services, and app/realtime only receives events. Each folder of app/ lists the folders it must
 * not import; `../` imports are refused everywhere in app/ so that every import names its folder.
 */
/** Pure modules (rules and texts) import nothing that runs on the server or renders. */
const PURE_FORBIDS = [
  "services",
  "lib/*.server",
  "realtime",
  "provider",
  "jobs",
  "routes",
  "components",
  "db",
];
const LAYERS = {
  "app/domain": PURE_FORBIDS,
  "app/content": PURE_FORBIDS,
  "app/components": ["services", "provider", "jobs", "routes", "db", "*.server"],
  "app/lib": ["services", "realtime", "provider", "jobs", "routes", "components", "db"],
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

const RELATIVE_PARENT = {
  group: ["../*"],
  message: "Import through ~/ (or ~db): a path that names its folder keeps the layering visible.",
};

function layerRule(folder, files, { rootLoader = false } = {}) {
  return {
    files,
    ...(rootLoader ? {} : { ignores: [ROOT_DATA_MODULE] }),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            RELATIVE_PARENT,
            ...(rootLoader ? [] : [ROOT_LOADER]),
            ...LAYERS[folder].map((target) => ({
              group: forbiddenPattern(target),
              message: `${folder} must not import ${target} (layering: docs/decisions/0017).`,
            })),
          ],
        },
      ],
    },
  };
}

const layeringRules = [
  ...Object.keys(LAYERS).map((folder) => layerRule(folder, [`${folder}/**/*.{ts,tsx}`])),
  layerRule("app/lib", [ROOT_DATA_MODULE], { rootLoader: true }),
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
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
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
);
