import { describe, expect, it } from "vitest";
import { backupCard } from "~/domain/admin-panel";
import {
  backupFileName,
  backupHealth,
  backupsToDelete,
  isBackupDue,
  isBackupFileName,
} from "~/domain/backups";

const HOUR = 3_600_000;
const now = new Date("2026-11-23T12:00:00.000Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();

describe("backup file names", () => {
  it("carry the UTC instant, safe for any file system, and sort by time", () => {
    expect(backupFileName(new Date("2026-11-23T03:04:05.006Z"))).toBe(
      "goatedvips-2026-11-23T03-04-05-006Z.sqlite.gz",
    );
    const [late, early, middle] = [
      "2026-11-23T10:00:00Z",
      "2026-01-02T00:00:00Z",
      "2026-11-03T00:00:00Z",
    ].map((at) => backupFileName(new Date(at)));
    expect([late, early, middle].sort()).toEqual([early, middle, late]);
    expect(isBackupFileName(late!)).toBe(true);
    expect(isBackupFileName(`.${late}.partial`)).toBe(false);
    expect(isBackupFileName("goatedvips.sqlite")).toBe(false);
  });

  it("end in .pgdump for PostgreSQL's archives, each format telling only its own", () => {
    const at = new Date("2026-11-23T03:04:05.006Z");
    expect(backupFileName(at, "pgdump")).toBe("goatedvips-2026-11-23T03-04-05-006Z.pgdump");
    expect(isBackupFileName(backupFileName(at, "pgdump"), "pgdump")).toBe(true);
    expect(isBackupFileName(backupFileName(at, "pgdump"))).toBe(false);
    expect(isBackupFileName(backupFileName(at), "pgdump")).toBe(false);
  });
});

describe("retention", () => {
  const days: string[] = Array.from({ length: 5 }, (_, day) =>
    backupFileName(new Date(Date.UTC(2026, 10, 1 + day))),
  );
  const [day1, day2, day3, day4, day5] = days as [string, string, string, string, string];

  it("deletes all but the newest `keep` backups, whatever order the folder lists them in", () => {
    expect(backupsToDelete([day4, day1, day5, day2, day3], 2)).toEqual([day1, day2, day3]);
    expect(backupsToDelete(days, 14)).toEqual([]);
  });

  it("never touches other files", () => {
    const others = ["notes.txt", `.${day1}.partial`, "goatedvips.sqlite"];
    expect(backupsToDelete([...others, ...days], 1)).toEqual(days.slice(0, 4));
  });

  it("counts only the backups of its format (SQLite backups kept from before PostgreSQL stay)", () => {
    const dumps = [1, 2, 3].map((day) =>
      backupFileName(new Date(Date.UTC(2026, 11, day)), "pgdump"),
    );
    expect(backupsToDelete([...days, ...dumps], 1, "pgdump")).toEqual(dumps.slice(0, 2));
    expect(backupsToDelete([...days, ...dumps], 4)).toEqual(days.slice(0, 1));
  });
});

describe("staleness", () => {
  it("is stale only past twice the interval", () => {
    const at = (hours: number) =>
      backupHealth({ lastSuccessAt: hoursAgo(hours), intervalHours: 24, now }).state;
    expect(at(1)).toBe("fresh");
    expect(at(48)).toBe("fresh");
    expect(at(48.01)).toBe("stale");
    expect(backupHealth({ lastSuccessAt: null, intervalHours: 24, now })).toEqual({
      state: "none",
    });
  });

  it("judges against a day when the built-in job is off (a daily timer runs backups)", () => {
    expect(backupHealth({ lastSuccessAt: hoursAgo(47), intervalHours: 0, now }).state).toBe(
      "fresh",
    );
    expect(backupHealth({ lastSuccessAt: hoursAgo(49), intervalHours: 0, now }).state).toBe(
      "stale",
    );
  });

  it("a backup is due with none yet or once an interval has passed", () => {
    expect(isBackupDue({ lastSuccessAt: null, intervalHours: 24, now })).toBe(true);
    expect(isBackupDue({ lastSuccessAt: hoursAgo(23), intervalHours: 24, now })).toBe(false);
    expect(isBackupDue({ lastSuccessAt: hoursAgo(24), intervalHours: 24, now })).toBe(true);
  });
});

describe("the /admin Backups card", () => {
  it("shows the last backup's age, and warns when it is stale or missing", () => {
    const card = (lastSuccessAt: string | null, lastRunFailure: string | null = null) =>
      backupCard({
        health: backupHealth({ lastSuccessAt, intervalHours: 24, now }),
        lastRunFailure,
        intervalHours: 24,
        now,
      });
    expect(card(hoursAgo(3))).toEqual({
      how: "npm run backup, and the server every interval.",
      figure: "3 hours ago",
      figureLabel: "last successful backup",
      lastFailure: null,
      warning: null,
    });
    expect(card(hoursAgo(50)).warning).toBe(
      "The last successful backup is older than 48 hours: check the backup job.",
    );
    expect(card(null, "disk full")).toMatchObject({
      how: "npm run backup, and the server every interval.",
      figure: "None",
      lastFailure: "The last run failed: disk full",
      warning: "No backup has succeeded yet: run npm run backup.",
    });
  });
});
