// `npm run admin:reset-totp -- NAME`: turns two-step sign-in off for the admin NAME, who lost both
// the authenticator app and the recovery codes (docs/operations.md "Recovering an admin's access").
// Run it on the server against the site's database (DATABASE_PATH, or DATABASE_URL); the running
// site needs no restart. The audit log records it as done from the command line.
import { migrateToLatest } from "../db";
import { db } from "../app/services/db.server";
import { resetTwoStepOf } from "../app/services/auth/two-step.server";

const username = process.argv[2]?.trim();
if (!username) {
  console.error("Usage: npm run admin:reset-totp -- <username>");
  process.exit(2);
}
await migrateToLatest(db);
const outcome = await resetTwoStepOf(username);
await db.destroy();
const messages = {
  reset: `Two-step sign-in is now off for ${username}: they sign in with their password alone.`,
  "was-off": `Two-step sign-in was not on for ${username}; nothing changed.`,
  "no-such-user": `No account is named ${username}.`,
} as const;
console.log(messages[outcome]);
process.exit(outcome === "no-such-user" ? 1 : 0);
