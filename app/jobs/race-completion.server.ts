import { completionCutoff } from "~/domain/race-time";
import { announceRaceStarts } from "~/services/email/race-emails.server";
import { announceCompletion } from "~/services/races/race-announcement.server";
import { completeRace } from "~/services/races/race-results.server";
import { ensureMonthlyRace, findDueRaces } from "~/services/races/race-store.server";
import type { Completion } from "~/domain/race";
import { syncStatus } from "~/services/operations/sync-runs.server";
import { observeRaceJobRun } from "~/server/metrics.server";
import { startRepeatingJob } from "~/server/repeating-job.server";

/** How often the server looks for races to complete and for a month without a race. */
export const RACE_JOB_INTERVAL_MS = 60_000;

/**
 * One pass of the race job: completes every live race whose end has passed (once a good sync has
 * run since, or after 30 minutes of watching without one: `completionCutoff`), then makes sure
 * the current month has its monthly race (so the announcement can name the next race's start),
 * and e-mails the start of races that have started.
 * Safe to run at any moment and any number of times: each step is guarded in the database.
 */
export async function runRaceJobs(
  now: Date = new Date(),
  { watchingSince }: { watchingSince?: Date } = {},
): Promise<Completion[]> {
  const completions: Completion[] = [];
  const { lastSuccess } = await syncStatus();
  const cutoff = completionCutoff(now, lastSuccess?.started_at ?? null, watchingSince);
  for (const id of cutoff ? await findDueRaces(cutoff) : []) {
    const completion = await completeRace(id, now);
    if (completion) completions.push(completion);
  }
  await ensureMonthlyRace(now);
  await announceRaceStarts(now);
  for (const completion of completions) await announceCompletion(completion, now);
  return completions;
}

/**
 * Runs the race job now and then every interval, one pass at a time. Returns the function that
 * stops it and waits for a pass under way.
 */
export function startRaceJobs({ intervalMs = RACE_JOB_INTERVAL_MS } = {}) {
  const watchingSince = new Date();
  return startRepeatingJob("race job", intervalMs, async () => {
    try {
      await runRaceJobs(new Date(), { watchingSince });
      observeRaceJobRun("success");
    } catch (error) {
      observeRaceJobRun("failed");
      throw error;
    }
  });
}
