import type { Referral } from "~/domain/referral";

/**
 * The built-in demo source, used only while no provider token is configured: about 2,000 referrals
 * that look like a real affiliate's (mostly dormant, a long tail of small players, a few whales),
 * generated from a fixed seed. Every player's wager is a deterministic function of the UTC day, and
 * today's amount grows with the time of day, so each sync sees totals that have moved on.
 */
export const DEMO_REFERRAL_COUNT = 2000;
export const DEMO_UID_PREFIX = "demo-";

const SEED = 0x60a7ed;
/** Wagering history starts here; all_time also carries a random amount from before it. */
const HISTORY_START_DAY = Date.UTC(2024, 0, 1) / 86_400_000;
const DAY_MS = 86_400_000;

interface DemoPlayer {
  uid: string;
  name: string;
  index: number;
  /** Chance of wagering on a given day (0 for dormant accounts). */
  activity: number;
  /** Mean wager on a day the player plays, in dollars. */
  dailyMean: number;
  /** Wagered before HISTORY_START_DAY. */
  before: number;
}

const FIRST = [
  "Goat",
  "Lucky",
  "Crypto",
  "Moon",
  "Degen",
  "Whale",
  "Satoshi",
  "Ape",
  "Diamond",
  "Turbo",
  "Shadow",
  "Neon",
  "Alpha",
  "Silent",
  "Golden",
  "Wild",
  "Frosty",
  "Rocket",
  "Mystic",
  "Royal",
  "Based",
  "Chill",
  "Iron",
  "Vegas",
  "Lunar",
  "Pixel",
  "Stack",
  "Hyper",
  "Ghost",
  "Sly",
];
const SECOND = [
  "King",
  "Hands",
  "Rider",
  "Slayer",
  "Boss",
  "Hunter",
  "Wolf",
  "Spinner",
  "Baron",
  "Shark",
  "Runner",
  "Ninja",
  "Jack",
  "Queen",
  "Punter",
  "Roller",
  "Maxi",
  "Flip",
  "Stacker",
  "Grinder",
];

/** mulberry32: small, fast and good enough for plausible-looking data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [0, 1) for (player, day): the same every time it is asked. */
function dayNoise(index: number, day: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(day, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function nameFor(next: () => number, taken: Set<string>): string {
  for (;;) {
    const first = FIRST[Math.floor(next() * FIRST.length)] ?? "Goat";
    const second = SECOND[Math.floor(next() * SECOND.length)] ?? "King";
    const style = next();
    let name: string;
    if (style < 0.35) name = `${first}${second}`;
    else if (style < 0.6) name = `${first}${second}${Math.floor(next() * 100)}`;
    else if (style < 0.8) name = `${first.toLowerCase()}_${second.toLowerCase()}`;
    else name = `${first}${Math.floor(next() * 10_000)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

let population: DemoPlayer[] | undefined;

function demoPopulation(): DemoPlayer[] {
  if (population) return population;
  const next = random(SEED);
  const taken = new Set<string>();
  population = Array.from({ length: DEMO_REFERRAL_COUNT }, (_, index) => {
    const uid = `${DEMO_UID_PREFIX}${Math.floor(next() * 36 ** 6)
      .toString(36)
      .padStart(6, "0")}${index.toString(36)}`;
    const name = nameFor(next, taken);
    // Three referrals in four never play again after signing up.
    const active = next() < 0.25;
    // Pareto (x_m = $40, alpha = 1.2): most play small, a handful wager hundreds of thousands.
    const dailyMean = Math.min(40 / Math.pow(1 - next(), 1 / 1.2), 400_000);
    const activity = active ? 0.15 + next() * 0.8 : 0;
    const before = next() < 0.55 ? dailyMean * next() * 300 : 0;
    return { uid, name, index, activity, dailyMean, before };
  });
  return population;
}

function wageredOn(player: DemoPlayer, day: number): number {
  const noise = dayNoise(player.index, day);
  if (noise >= player.activity) return 0;
  // Exponential around the mean, from an independent draw of the same day.
  const size = dayNoise(player.index + DEMO_REFERRAL_COUNT, day);
  return player.dailyMean * -Math.log(1 - size);
}

/** The demo referrals as the provider would report them at `now`. */
export function demoReferrals(now: Date): Referral[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  const dayFraction = (now.getTime() - today * DAY_MS) / DAY_MS;
  const weekStart = today - ((now.getUTCDay() + 6) % 7);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / DAY_MS;
  const cents = (dollars: number) => Math.round(dollars * 100) / 100;

  return demoPopulation().map((player) => {
    const todays = wageredOn(player, today) * dayFraction;
    let week = todays;
    let month = todays;
    let history = player.before + todays;
    if (player.activity > 0) {
      for (let day = HISTORY_START_DAY; day < today; day += 1) {
        const amount = wageredOn(player, day);
        history += amount;
        if (day >= weekStart) week += amount;
        if (day >= monthStart) month += amount;
      }
    }
    return {
      uid: player.uid,
      name: player.name,
      wagered: {
        today: cents(todays),
        this_week: cents(week),
        this_month: cents(month),
        all_time: cents(history),
      },
    };
  });
}
