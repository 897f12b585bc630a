// The reverse proxy configurations of docs/deploy/ are checked by the proxies themselves, as
// Debian 12 packages them (nginx 1.22, Caddy 2.6): `nginx -t` and `caddy validate`. Neither is a
// dependency of the project: where one is not installed its test is skipped and says so.
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const DEPLOY = path.resolve("docs/deploy");
const work = mkdtempSync(path.join(tmpdir(), "goatedvips-deploy-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The executable `name` on PATH or in the sbin folders (nginx lives in /usr/sbin); else null. */
function executable(name: string): string | null {
  const folders = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/sbin"];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { encoding: "utf8", env, timeout: 30_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A port nothing listens on now, on loopback. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const nginx = executable("nginx");
const caddy = executable("caddy");
const skipped = (binary: string) => ` (SKIPPED: ${binary} is not installed)`;

describe("docs/deploy/nginx.conf", () => {
  it.skipIf(!nginx)(`passes nginx -t${nginx ? "" : skipped("nginx")}`, async () => {
    // certbot's certificate, stood in for by a self-signed one made here.
    const certificate = path.join(work, "fullchain.pem");
    const key = path.join(work, "privkey.pem");
    const made = run("openssl", [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-subj", "/CN=goatedvips.example", "-keyout", key, "-out", certificate],
    ]);
    expect(made.status, made.output).toBe(0);
    // `nginx -t` binds the ports it would listen on: free loopback ports stand in for 80 and 443
    // (as a user, and beside a web server already running); every listen parameter stays.
    const ports = { "80": await freePort(), "443": await freePort() };
    const site = readFileSync(path.join(DEPLOY, "nginx.conf"), "utf8")
      .replaceAll("/etc/letsencrypt/live/goatedvips.example/fullchain.pem", certificate)
      .replaceAll("/etc/letsencrypt/live/goatedvips.example/privkey.pem", key)
      .replace(
        /listen (\[::\]:)?(80|443)\b/g,
        (_, v6: string | undefined, port: "80" | "443") =>
          `listen ${v6 ? "[::1]" : "127.0.0.1"}:${ports[port]}`,
      );
    expect(site).not.toMatch(/\/etc\/letsencrypt|listen (\[::\]:)?(80|443)\b/);
    writeFileSync(path.join(work, "goatedvips.conf"), site);
    // Debian's /etc/nginx/nginx.conf, reduced to what `nginx -t` needs, with every path it writes
    // in the temporary folder (so it runs without root and leaves nothing behind).
    const temp = (name: string) => `${name}_temp_path ${path.join(work, name)};`;
    writeFileSync(
      path.join(work, "nginx.conf"),
      [
        `pid ${path.join(work, "nginx.pid")};`,
        "error_log stderr;",
        "events {}",
        "http {",
        "  access_log off;",
        `  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}`,
        `  include ${path.join(work, "goatedvips.conf")};`,
        "}",
      ].join("\n"),
    );
    const checked = run(nginx as string, [
      ...["-t", "-q", "-p", `${work}/`, "-e", "stderr", "-c", path.join(work, "nginx.conf")],
    ]);
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);
  });
});

describe("docs/deploy Caddy configurations", () => {
  // Caddy keeps its certificates and settings under XDG_DATA_HOME / XDG_CONFIG_HOME: here, not ~.
  const env = {
    ...process.env,
    HOME: work,
    XDG_DATA_HOME: path.join(work, "data"),
    XDG_CONFIG_HOME: path.join(work, "config"),
  };
  const validate = (file: string) =>
    run(caddy as string, ["validate", "--adapter", "caddyfile", "--config", file], env);

  it.skipIf(!caddy)(`Caddyfile passes caddy validate${caddy ? "" : skipped("caddy")}`, () => {
    const checked = validate(path.join(DEPLOY, "Caddyfile"));
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toContain("Valid configuration");
  });

  it.skipIf(!caddy)(
    `the guide's load-balanced Caddyfile passes caddy validate${caddy ? "" : skipped("caddy")}`,
    () => {
      const guide = readFileSync(path.join(DEPLOY, "README.md"), "utf8");
      const blocks = [...guide.matchAll(/```caddy\n([\s\S]*?)```/g)].map((match) =>
        (match[1] ?? "").replace(/^ {2}/gm, ""),
      );
      expect(blocks).toHaveLength(1);
      const file = path.join(work, "Caddyfile.balanced");
      writeFileSync(file, blocks[0] ?? "");
      const checked = validate(file);
      expect(checked.status, checked.output).toBe(0);
    },
  );
});
