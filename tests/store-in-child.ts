// `node --import tsx tests/store-in-child.ts COUNT ALL_TIME ISO_TIME`: stores COUNT referrals
// (uids kill00000...) in the database DATABASE_PATH names, with short transactions, for a test to
// kill mid-store (tests/unit/services/store-killed.test.ts).
import { storeReferrals } from "~/services/players/player-store.server";

const [count, allTime, at] = process.argv.slice(2);
const referrals = Array.from({ length: Number(count) }, (_, i) => ({
  uid: `kill${String(i).padStart(5, "0")}`,
  name: `Killed ${i}`,
  wagered: {
    today: Number(allTime),
    this_week: Number(allTime),
    this_month: Number(allTime),
    all_time: Number(allTime),
  },
}));
await storeReferrals(referrals, { now: new Date(at ?? ""), isDemo: false, sliceMs: 1 });
