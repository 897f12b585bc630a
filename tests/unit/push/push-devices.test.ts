// A user's push devices (the preferences page's list): named from the browser that subscribed,
// removable by their owner only.
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~db";
import { insertUser } from "../../factories";
import { db } from "~/services/db.server";
import {
  listPushDevices,
  removePushDevice,
  savePushSubscription,
} from "~/services/push/subscriptions.server";

const KEYS = { p256dh: "BAAA", auth: "AAAA" };
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

beforeAll(async () => {
  await migrateToLatest(db);
});

describe("push devices", () => {
  it("lists the user's devices by browser and system, and removes one only for its owner", async () => {
    const owner = await insertUser(db);
    const other = await insertUser(db);
    await savePushSubscription(owner, { endpoint: "https://push.example/a", keys: KEYS }, FIREFOX);
    const [device] = await listPushDevices(owner);
    expect(device).toMatchObject({ label: "Firefox on Linux" });
    expect(await listPushDevices(other)).toEqual([]);

    expect(await removePushDevice(other, device?.id ?? 0)).toBe(false);
    expect(await listPushDevices(owner)).toHaveLength(1);
    expect(await removePushDevice(owner, device?.id ?? 0)).toBe(true);
    expect(await listPushDevices(owner)).toEqual([]);
  });
});
