// Two-step sign-in for admins (docs/product.md §A10, docs/decisions/0020): enrolment, the code on
// every sign-in (pages and JSON), a code never accepted twice, recovery codes once, throttling,
// turning it off, and ADMIN_USERNAME/ADMIN_PASSWORD at start leaving it on. The clock is fixed
// (only Date is faked) and the codes come from the library, as an authenticator app makes them.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { ActionFunctionArgs } from "@remix-run/node";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { migrateToLatest } from "~db";
import { twoStepRequiredSchema } from "~/domain/api-contract";
import { formatRecoveryCode, readTypedCode } from "~/domain/two-step";
import { openSecret, sealSecret } from "~/server/secret-box.server";
import * as adminLoginApi from "~/routes/api.admin.login";
import * as adminLoginPage from "~/routes/admin.login";
import * as adminSecurity from "~/routes/admin.security";
import * as apiAuthLogin from "~/routes/api.auth.login";
import * as apiLogin from "~/routes/api.login";
import * as authPage from "~/routes/auth";
import { db } from "~/services/db.server";
import { accountDelay, CODE_GUESSES_PER_ACCOUNT } from "~/services/auth/login-throttle.server";
import { sessionCookie } from "~/http/cookies.server";
import { createSession } from "~/services/auth/sessions.server";
import {
  checkProof,
  confirmEnrolment,
  disableTwoStep,
  isTwoStepOn,
  regenerateRecoveryCodes,
  resetTwoStepOf,
  startEnrolment,
  twoStepState,
} from "~/services/auth/two-step.server";
import { createUser, ensureAdmin } from "~/services/auth/users.server";
import { uniqueName } from "../../factories";

const PASSWORD = "Grazing-Goats-On-Tuesday-42";
const T0 = new Date("2026-11-23T12:00:10Z");
const STEP_MS = 30_000;
let ipCounter = 0;
const nextIp = () => `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** The code an authenticator app shows for this secret at this instant. */
function codeAt(secret: string, at: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: at.getTime(),
  });
}

interface Admin {
  id: number;
  /** The same id, as an audit actor names it. */
  userId: number;
  username: string;
  secret: string;
  recoveryCodes: string[];
}

async function newAdmin(): Promise<{ id: number; username: string }> {
  const username = uniqueName("boss");
  const created = await createUser({
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the admin");
  await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", created.userId).execute();
  return { id: created.userId, username };
}

/** An admin with two-step sign-in confirmed at T0 - 2 steps (so T0's codes are still unused). */
async function enrolledAdmin(): Promise<Admin> {
  const { id, username } = await newAdmin();
  const enrolledAt = new Date(T0.getTime() - 2 * STEP_MS);
  await startEnrolment(id, enrolledAt);
  const state = await twoStepState({ userId: id, username });
  if (state.status !== "pending") throw new Error("no pending enrolment");
  const confirmed = await confirmEnrolment(
    { userId: id, username },
    codeAt(state.secret, enrolledAt),
    enrolledAt,
  );
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { id, userId: id, username, secret: state.secret, recoveryCodes: confirmed.recoveryCodes };
}

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

async function answerOf(action: Action, request: Request, ip = nextIp()) {
  let answer: unknown;
  try {
    answer = await action({ request, params: {}, context: { cspNonce: "", clientIp: ip } });
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, response: answer, body: null };
  const { init, data } = answer as { init: ResponseInit | null; data: Record<string, unknown> };
  return { status: init?.status ?? 200, response: null, body: data };
}

function jsonPost(path: string, body: unknown) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "vitest" },
    body: JSON.stringify(body),
  });
}

function formPost(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

const sessionCount = async (userId: number) =>
  (await db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

/** The `name=value` of a Set-Cookie header of the answer. */
function cookieOf(response: Response | null, name: string): string {
  const found = response?.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return found?.split(";")[0] ?? "";
}

const savedDelay = { ...accountDelay };
beforeAll(async () => {
  await migrateToLatest(db);
  Object.assign(accountDelay, { firstMs: 5, maxMs: 20 });
});
afterAll(() => {
  Object.assign(accountDelay, savedDelay);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("codes as typed", () => {
  it("reads six digits as a TOTP code and 16 base32 characters as a recovery code", () => {
    expect(readTypedCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(readTypedCode("ABCD-efgh-2345-mnop")).toEqual({
      kind: "recovery",
      code: "abcdefgh2345mnop",
    });
    expect(readTypedCode("12345")).toBeNull();
    expect(readTypedCode("abcd-efgh-ijkl-mno1")).toBeNull();
    expect(formatRecoveryCode("abcdefgh2345mnop")).toBe("abcd-efgh-2345-mnop");
  });
});

describe("the sealed secret", () => {
  it("opens only with its own context and key", () => {
    const sealed = sealSecret("JBSWY3DPEHPK3PXP", "user_totp:1");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed, "user_totp:1")).toBe("JBSWY3DPEHPK3PXP");
    expect(openSecret(sealed, "user_totp:2")).toBeNull();
    expect(openSecret(`${sealed.slice(0, -2)}AA`, "user_totp:1")).toBeNull();
  });
});

describe("enrolment", { timeout: 120_000 }, () => {
  it("shows a new secret (QR and text), confirms with a first code, then gives ten recovery codes once", async () => {
    const { id, username } = await newAdmin();
    const actor = { userId: id, username };
    expect(await twoStepState(actor)).toEqual({ status: "off" });
    expect(await startEnrolment(id)).toBe(true);
    const state = await twoStepState(actor);
    if (state.status !== "pending") throw new Error("expected a pending enrolment");
    expect(state.uri).toMatch(/^otpauth:\/\/totp\/GoatedVIPs:/);
    expect(state.uri).toContain("algorithm=SHA1");
    expect(state.uri).toContain("digits=6");
    expect(state.uri).toContain("period=30");
    // Stored sealed, never as typed into the app.
    const row = await db
      .selectFrom("user_totp")
      .selectAll()
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(state.secret);
    expect(row.enabled_at).toBeNull();
    // Not on until confirmed: sign-ins do not ask yet.
    expect(await isTwoStepOn(id)).toBe(false);

    const wrong = await confirmEnrolment(actor, "000000");
    expect(wrong).toEqual({ ok: false, message: "Invalid code" });
    const confirmed = await confirmEnrolment(actor, codeAt(state.secret, T0));
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    for (const code of confirmed.recoveryCodes)
      expect(code).toMatch(/^([a-z2-7]{4}-){3}[a-z2-7]{4}$/);
    expect(await twoStepState(actor)).toMatchObject({ status: "on", recoveryCodesLeft: 10 });

    const stored = await db
      .selectFrom("user_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", id)
      .execute();
    const plain = confirmed.recoveryCodes.map((code) => code.replace(/-/g, ""));
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(plain).not.toContain(code_hash);

    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject", "=", `user:${id}`)
      .execute();
    expect(audit.map((entry) => entry.kind)).toEqual(["admin.totp_enabled"]);
    expect(audit[0]?.actor_id).toBe(id);
  });

  it("works as the /admin/security page: start, the QR as server-drawn SVG, confirm, codes in the answer", async () => {
    const { id } = await newAdmin();
    const token = await createSession({ userId: id, userAgent: "vitest", ip: "::1" });
    const cookie = (await sessionCookie.serialize(token)).split(";")[0] ?? "";
    const started = await answerOf(
      adminSecurity.action,
      formPost("/admin/security", { intent: "start" }, cookie),
    );
    expect(started.status).toBe(302);
    expect(started.response?.headers.get("Location")).toBe("/admin/security");

    const page = (await adminSecurity.loader({
      request: new Request("http://localhost/admin/security", { headers: { Cookie: cookie } }),
      params: {},
      context: { cspNonce: "", clientIp: "::1" },
    })) as { state: { status: string }; enrolment: { qrCode: string; secret: string } };
    expect(page.state.status).toBe("pending");
    expect(page.enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(page.enrolment.qrCode.split(",")[1] ?? "", "base64").toString();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const secret = page.enrolment.secret.replace(/ /g, "");

    const confirmed = await answerOf(
      adminSecurity.action,
      formPost("/admin/security", { intent: "confirm", code: codeAt(secret, T0) }, cookie),
    );
    expect(confirmed.status).toBe(200);
    expect((confirmed.body?.recoveryCodes as string[]).length).toBe(10);
    expect(await isTwoStepOn(id)).toBe(true);
    // The answer reloaded: the code is posted again, and nothing is shown twice.
    const again = await answerOf(
      adminSecurity.action,
      formPost("/admin/security", { intent: "confirm", code: codeAt(secret, T0) }, cookie),
    );
    expect(again.status).toBe(400);
    expect(again.body?.recoveryCodes).toBeUndefined();
    expect(JSON.stringify(again.body)).toContain("Two-step sign-in is on");
  });
});

describe("signing in with two-step sign-in on", { timeout: 120_000 }, () => {
  let admin: Admin;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    admin = await enrolledAdmin();
    vi.useRealTimers();
  });

  it.each([
    ["/api/admin/login", adminLoginApi.action, "identifier"],
    ["/api/auth/login", apiAuthLogin.action, "username"],
    ["/api/login", apiLogin.action, "username"],
  ] as const)(
    "%s answers 401 {status: 'totp_required'} without a code, and opens no session",
    async (path, action, field) => {
      const before = await sessionCount(admin.id);
      const { response } = await answerOf(
        action,
        jsonPost(path, { [field]: admin.username, password: PASSWORD }),
      );
      expect(response?.status).toBe(401);
      const json: unknown = await response?.json();
      expect(twoStepRequiredSchema.safeParse(json).success).toBe(true);
      expect(json).toMatchObject({ status: "totp_required" });
      expect(await sessionCount(admin.id)).toBe(before);
    },
  );

  it("takes {identifier, password, code}: a wrong code is 401 'Invalid code', the right one signs in", async () => {
    const wrong = await answerOf(
      adminLoginApi.action,
      jsonPost("/api/admin/login", {
        identifier: admin.username,
        password: PASSWORD,
        code: "123456",
      }),
    );
    expect(wrong.response?.status).toBe(401);
    expect(await wrong.response?.json()).toMatchObject({
      status: "error",
      message: "Invalid code",
    });

    const right = await answerOf(
      adminLoginApi.action,
      jsonPost("/api/admin/login", {
        identifier: admin.username,
        password: PASSWORD,
        code: codeAt(admin.secret, T0),
      }),
    );
    expect(right.response?.status).toBe(200);
    expect(await right.response?.json()).toMatchObject({
      status: "success",
      user: { id: admin.id },
    });
  });

  it("refuses a code used once already, and any earlier code of its window", async () => {
    const fresh = await enrolledAdmin();
    const signIn = (code: string) =>
      answerOf(
        apiAuthLogin.action,
        jsonPost("/api/auth/login", { username: fresh.username, password: PASSWORD, code }),
      );
    // One step early still counts (clock drift); so does the code of now.
    expect((await signIn(codeAt(fresh.secret, new Date(T0.getTime() - STEP_MS)))).status).toBe(200);
    expect((await signIn(codeAt(fresh.secret, T0))).status).toBe(200);
    // The same code again, or the earlier one: refused.
    expect((await signIn(codeAt(fresh.secret, T0))).status).toBe(401);
    expect((await signIn(codeAt(fresh.secret, new Date(T0.getTime() - STEP_MS)))).status).toBe(401);
    // Two steps away is outside the window.
    expect((await signIn(codeAt(fresh.secret, new Date(T0.getTime() + 2 * STEP_MS)))).status).toBe(
      401,
    );
  });

  it("takes a recovery code in place of a code exactly once", async () => {
    const fresh = await enrolledAdmin();
    const recovery = fresh.recoveryCodes[3] ?? "";
    const signIn = (code: string) =>
      answerOf(
        adminLoginApi.action,
        jsonPost("/api/admin/login", { identifier: fresh.username, password: PASSWORD, code }),
      );
    expect((await signIn(recovery.toUpperCase())).status).toBe(200);
    expect((await signIn(recovery)).status).toBe(401);
    expect(await twoStepState(fresh)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("/admin/login: the right password leads to the code step with no session; the code signs in", async () => {
    const fresh = await enrolledAdmin();
    const password = await answerOf(
      adminLoginPage.action,
      formPost("/admin/login?redirectTo=%2Fadmin%2Fusers", {
        identifier: fresh.username,
        password: PASSWORD,
      }),
    );
    expect(password.status).toBe(302);
    expect(password.response?.headers.get("Location")).toBe(
      "/admin/login?step=code&redirectTo=%2Fadmin%2Fusers",
    );
    expect(cookieOf(password.response, "gv_session")).toBe("");
    expect(await sessionCount(fresh.id)).toBe(0);
    const pending = cookieOf(password.response, "gv_two_step");
    expect(pending).not.toBe("");

    const page = await adminLoginPage.loader({
      request: new Request("http://localhost/admin/login?step=code&redirectTo=%2Fadmin", {
        headers: { Cookie: pending },
      }),
      params: {},
      context: { cspNonce: "", clientIp: "::1" },
    });
    expect(page).toMatchObject({ step: "code" });

    const wrong = await answerOf(
      adminLoginPage.action,
      formPost("/admin/login?step=code&redirectTo=%2Fadmin%2Fusers", { code: "999999" }, pending),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ failure: { title: "Error", description: "Invalid code" } });

    const right = await answerOf(
      adminLoginPage.action,
      formPost(
        "/admin/login?step=code&redirectTo=%2Fadmin%2Fusers",
        { code: codeAt(fresh.secret, T0) },
        pending,
      ),
    );
    expect(right.status).toBe(302);
    expect(right.response?.headers.get("Location")).toBe("/admin/users");
    expect(cookieOf(right.response, "gv_session")).not.toBe("");
    expect(await sessionCount(fresh.id)).toBe(1);
  });

  it("the code step expires after five minutes: back to the password", async () => {
    const fresh = await enrolledAdmin();
    const password = await answerOf(
      authPage.action,
      formPost("/auth?mode=login&redirectTo=%2Fprofile", {
        username: fresh.username,
        password: PASSWORD,
      }),
    );
    expect(password.response?.headers.get("Location")).toBe(
      "/auth?mode=login&step=code&redirectTo=%2Fprofile",
    );
    const pending = cookieOf(password.response, "gv_two_step");
    vi.setSystemTime(new Date(T0.getTime() + 5 * 60_000 + 1000));
    const late = await answerOf(
      authPage.action,
      formPost(
        "/auth?mode=login&step=code&redirectTo=%2Fprofile",
        { code: codeAt(fresh.secret, new Date()) },
        pending,
      ),
    );
    expect(late.status).toBe(302);
    expect(late.response?.headers.get("Location")).toBe("/auth?mode=login&redirectTo=%2Fprofile");
    expect(await sessionCount(fresh.id)).toBe(0);
  });

  it("/auth asks the code too, and signs in with it", async () => {
    const fresh = await enrolledAdmin();
    const password = await answerOf(
      authPage.action,
      formPost("/auth?mode=login&redirectTo=%2Fprofile", {
        username: fresh.username,
        password: PASSWORD,
      }),
    );
    const pending = cookieOf(password.response, "gv_two_step");
    const right = await answerOf(
      authPage.action,
      formPost(
        "/auth?mode=login&step=code&redirectTo=%2Fprofile",
        { code: fresh.recoveryCodes[0] ?? "" },
        pending,
      ),
    );
    expect(right.response?.headers.get("Location")).toBe("/profile");
    expect(await sessionCount(fresh.id)).toBe(1);
  });

  it("throttles code guesses like sign-ins, and a right password does not forgive them", async () => {
    const fresh = await enrolledAdmin();
    const ip = nextIp();
    const signIn = (code: string) =>
      answerOf(
        adminLoginApi.action,
        jsonPost("/api/admin/login", { identifier: fresh.username, password: PASSWORD, code }),
        ip,
      );
    for (let i = 0; i < 5; i += 1) expect((await signIn(`00000${i}`)).status).toBe(401);
    const refused = await signIn(codeAt(fresh.secret, T0));
    expect(refused.status).toBe(429);
    expect(Number(refused.response?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("limits code guesses per account from all addresses together, parallel ones included", async () => {
    // The probe's shape: wrong codes from 30 addresses at once, one each.
    const fresh = await enrolledAdmin();
    const signIn = (code: string) =>
      answerOf(
        adminLoginApi.action,
        jsonPost("/api/admin/login", { identifier: fresh.username, password: PASSWORD, code }),
      );
    const wrong = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(String(100_000 + i))),
    );
    const statuses = wrong.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(CODE_GUESSES_PER_ACCOUNT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - CODE_GUESSES_PER_ACCOUNT);
    // From yet another address, even the right code waits for the window.
    const refused = await signIn(codeAt(fresh.secret, T0));
    expect(refused.status).toBe(429);
    expect(Number(refused.response?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("ADMIN_USERNAME/ADMIN_PASSWORD at start leave two-step sign-in on", async () => {
    const fresh = await enrolledAdmin();
    await db.updateTable("users").set({ is_admin: 0 }).where("id", "=", fresh.id).execute();
    expect(await ensureAdmin(fresh.username, "A-New-Operator-Password-77")).toBe("promoted");
    expect(await isTwoStepOn(fresh.id)).toBe(true);
    const { response } = await answerOf(
      adminLoginApi.action,
      jsonPost("/api/admin/login", {
        identifier: fresh.username,
        password: "A-New-Operator-Password-77",
      }),
    );
    expect(await response?.json()).toMatchObject({ status: "totp_required" });
  });
});

describe("changing two-step sign-in", { timeout: 120_000 }, () => {
  it("turns off only with the password or a code, with its audit row", async () => {
    const admin = await enrolledAdmin();
    expect((await checkProof(admin.id, "not-my-password", nextIp())).ok).toBe(false);
    expect((await checkProof(admin.id, PASSWORD, nextIp())).ok).toBe(true);
    expect((await checkProof(admin.id, codeAt(admin.secret, T0), nextIp())).ok).toBe(true);
    expect(await disableTwoStep(admin)).toBe(true);
    expect(await isTwoStepOn(admin.id)).toBe(false);
    const left = await db
      .selectFrom("user_recovery_codes")
      .select("id")
      .where("user_id", "=", admin.id)
      .execute();
    expect(left).toEqual([]);
    const kinds = await db
      .selectFrom("audit_log")
      .select("kind")
      .where("subject", "=", `user:${admin.id}`)
      .orderBy("id")
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(["admin.totp_enabled", "admin.totp_disabled"]);
  });

  it("the page refuses turning off with a wrong password", async () => {
    const admin = await enrolledAdmin();
    const token = await createSession({ userId: admin.id, userAgent: "vitest", ip: "::1" });
    const cookie = (await sessionCookie.serialize(token)).split(";")[0] ?? "";
    const refused = await answerOf(
      adminSecurity.action,
      formPost("/admin/security", { intent: "disable", proof: "wrong-password" }, cookie),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Wrong password or code");
    expect(await isTwoStepOn(admin.id)).toBe(true);
  });

  it("new recovery codes void the old ones", async () => {
    const admin = await enrolledAdmin();
    const fresh = await regenerateRecoveryCodes(admin);
    expect(fresh).toHaveLength(10);
    const signIn = (code: string) =>
      answerOf(
        adminLoginApi.action,
        jsonPost("/api/admin/login", { identifier: admin.username, password: PASSWORD, code }),
      );
    expect((await signIn(admin.recoveryCodes[0] ?? "")).status).toBe(401);
    expect((await signIn(fresh?.[0] ?? "")).status).toBe(200);
  });

  it("the operator's reset turns it off, recorded as from the command line", async () => {
    const admin = await enrolledAdmin();
    expect(await resetTwoStepOf(admin.username.toUpperCase())).toBe("reset");
    expect(await isTwoStepOn(admin.id)).toBe(false);
    expect(await resetTwoStepOf(admin.username)).toBe("was-off");
    expect(await resetTwoStepOf("nobody-by-this-name")).toBe("no-such-user");
    const row = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject", "=", `user:${admin.id}`)
      .where("kind", "=", "admin.totp_disabled")
      .executeTakeFirstOrThrow();
    expect(row.actor_id).toBeNull();
    expect(row.actor_username).toBe("command line");
  });

  it("npm run admin:reset-totp -- NAME does it against DATABASE_PATH", async () => {
    vi.useRealTimers();
    const admin = await enrolledAdmin();
    const run = promisify(execFile);
    const { stdout } = await run(
      "node_modules/.bin/tsx",
      ["scripts/admin-reset-totp.ts", admin.username],
      {
        env: { ...process.env },
      },
    );
    expect(stdout).toContain(`Two-step sign-in is now off for ${admin.username}`);
    expect(await isTwoStepOn(admin.id)).toBe(false);
    await expect(
      run("node_modules/.bin/tsx", ["scripts/admin-reset-totp.ts"]),
    ).rejects.toMatchObject({
      code: 2,
    });
  });
});
