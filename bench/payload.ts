/**
 * A provider payload of `count` referrals shaped like the real one: unsorted, about 70% zeros,
 * floats with long decimals, periods not nested, a few entries with gaps.
 */
export function referralPayload(count: number, seed = 1) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const amount = () => 20 / Math.pow(1 - next(), 1 / 1.1) - 20 + next() / 7;
  const data = Array.from({ length: count }, (_, i) => {
    const uid = `bench${i.toString(36).padStart(6, "0")}`;
    if (i % 997 === 0) return { uid, wagered: { all_time: "12.5" } }; // gaps
    const dormant = next() < 0.7;
    const week = dormant ? 0 : amount();
    return {
      uid,
      name: `Player_${i.toString(36)}`,
      wagered: {
        today: dormant || next() < 0.5 ? 0 : week * next(),
        this_week: week,
        this_month: dormant ? 0 : week * (0.4 + next()),
        all_time: (dormant ? 0 : week) + amount() * 40,
      },
    };
  });
  return { success: true, data };
}

/** The same payload with `share` of the active players' totals moved on. */
export function advancedPayload(payload: ReturnType<typeof referralPayload>, share: number) {
  const step = Math.max(1, Math.round(1 / share));
  return {
    success: true,
    data: payload.data.map((entry, i) =>
      i % step === 0 && entry.name
        ? {
            ...entry,
            wagered: {
              today: Number(entry.wagered.today) + 10.5,
              this_week: Number(entry.wagered.this_week) + 10.5,
              this_month: Number(entry.wagered.this_month) + 10.5,
              all_time: Number(entry.wagered.all_time) + 10.5,
            },
          }
        : entry,
    ),
  };
}
