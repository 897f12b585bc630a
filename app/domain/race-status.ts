/** Where a race is in its life: stored in races.status (db/schema.ts reuses this type). */
export type RaceStatus = "upcoming" | "live" | "completed";

/** The admin's quick toggle (admin-and-content §4): a live race completes, any other goes live. */
export function toggledStatus(status: RaceStatus): RaceStatus {
  return status === "live" ? "completed" : "live";
}

/** Admin summary cards: live races, all pools, and live races × 10 participants ("N+"). */
export function raceSummary(races: Array<{ status: RaceStatus; prizePoolCents: number }>) {
  const live = races.filter((race) => race.status === "live").length;
  return {
    activeRaces: live,
    totalPrizePoolCents: races.reduce((sum, race) => sum + race.prizePoolCents, 0),
    totalParticipants: `${live * 10}+`,
  };
}
