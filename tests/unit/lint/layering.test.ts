import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// `npm run lint` refuses imports that run against the layering (eslint.config.js,
// docs/decisions/0017). These lint one import line as if it were a file of app/; only the
// layering rule's messages count (an unused import is another rule's business).
const eslint = new ESLint({ cwd: process.cwd() });

async function layeringErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("the layering lint", { timeout: 60_000 }, () => {
  it.each([
    [
      "app/domain/back-edge.ts",
      'import { db } from "~/services/db.server";',
      "must not import services",
    ],
    [
      "app/domain/back-edge.ts",
      'import type { Database } from "~db/schema";',
      "must not import db",
    ],
    // Pure modules refuse what app/lib refuses, and a server module wherever it is.
    [
      "app/content/back-edge.ts",
      'import { COMPRESSION_OPTIONS } from "~/http/compression-settings";',
      "app/content must not import http",
    ],
    [
      "app/domain/back-edge.ts",
      'import { readPolicy } from "~/lib/policy.server";',
      "app/domain must not import lib/*.server",
    ],
    [
      "app/components/BackEdge.tsx",
      'import { sessionSecret } from "~/server/config.server";',
      "must not import *.server",
    ],
    // app/lib is what the browser may load too; the server's infrastructure sits beside it.
    [
      "app/lib/back-edge.ts",
      'import { COMPRESSION_OPTIONS } from "~/http/compression-settings";',
      "app/lib must not import http",
    ],
    [
      "app/server/back-edge.server.ts",
      'import { readForm } from "~/http/form-body.server";',
      "must not import http",
    ],
    [
      "app/services/back-edge.server.ts",
      'import { startRealtime } from "~/realtime/sockets.server";',
      "must not import realtime",
    ],
    [
      "app/provider/back-edge.server.ts",
      'import { startRetentionJob } from "~/jobs/retention.server";',
      "must not import jobs",
    ],
    [
      "app/realtime/back-edge.ts",
      'import { runSync } from "~/provider/sync.server";',
      "must not import provider",
    ],
    [
      "app/services/back-edge.server.ts",
      'import { eventBus } from "../lib/event-bus.server";',
      "Import through ~/",
    ],
    [
      "app/services/back-edge.server.ts",
      'import { apiError } from "~/http/json-api.server";',
      "must not handle HTTP",
    ],
    [
      "app/services/back-edge.server.ts",
      'import { readForm } from "~/http/form-body.server";',
      "must not handle HTTP",
    ],
    [
      "app/services/back-edge.server.ts",
      'import { redirect } from "@remix-run/node";',
      "must not handle HTTP",
    ],
    [
      "app/services/back-edge.server.ts",
      'import { redirectWithToast } from "~/http/toast.server";',
      "must not handle HTTP",
    ],
    [
      "app/routes/back-edge.tsx",
      'import { db } from "~/services/db.server";',
      "must not query the database",
    ],
    ["app/routes/back-edge.tsx", 'import { sql } from "kysely";', "must not query the database"],
  ])("refuses %s importing: %s", async (filePath, importLine, expected) => {
    const errors = await layeringErrors(filePath, `${importLine}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(expected);
  });

  it("lets the auth guards answer, services read the flash toast, and routes answer", async () => {
    const guards = [
      'import { data, redirect } from "@remix-run/node";',
      'import { apiError } from "~/http/json-api.server";',
      'import { redirectWithToast } from "~/http/toast.server";',
      "",
    ].join("\n");
    expect(await layeringErrors("app/services/auth/auth.server.ts", guards)).toEqual([]);
    const shell = 'import { readToast } from "~/http/toast.server";\n';
    expect(await layeringErrors("app/services/auth/shell-user.server.ts", shell)).toEqual([]);
    const route = [
      'import { data } from "@remix-run/node";',
      'import { apiRoute } from "~/http/json-api.server";',
      'import { getAccount } from "~/services/auth/users.server";',
      "",
    ].join("\n");
    expect(await layeringErrors("app/routes/api.back-edge.server.ts", route)).toEqual([]);
  });

  it("lets the layers import downwards", async () => {
    const source = [
      'import { eventBus } from "~/server/domain-event-bus.server";',
      'import { db } from "~/services/db.server";',
      'import type { DomainEvents } from "~/domain/events";',
      "",
    ].join("\n");
    expect(await layeringErrors("app/jobs/forward-edge.server.ts", source)).toEqual([]);
  });
});
