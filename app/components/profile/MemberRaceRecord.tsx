import type { MemberRecord } from "~/domain/member-record";
import { formatCount, formatUsd } from "~/domain/money";
import { formatDate } from "~/domain/time";
import { DetailRow, ProfileSection } from "./ProfileSection";

/** A member's race record, achievements and race history on `/user/:id` (as /api/users/:id). */
export function MemberRaceRecord({ record }: { record: MemberRecord }) {
  return (
    <>
      <ProfileSection id="member-races" title="Wager Races">
        <dl className="space-y-2">
          <DetailRow label="Races Joined">{formatCount(record.races.participated)}</DetailRow>
          <DetailRow label="Wins">{formatCount(record.races.won)}</DetailRow>
          <DetailRow label="Best Finish">
            {record.bestRank ? `#${record.bestRank}` : "None yet"}
          </DetailRow>
          <DetailRow label="Total Prizes">{formatUsd(record.races.totalPrizes)}</DetailRow>
        </dl>
      </ProfileSection>
      <ProfileSection id="member-achievements" title="Achievements">
        {record.achievements.length ? (
          <ul className="space-y-3">
            {record.achievements.map((achievement) => (
              <li key={achievement.id}>
                <p className="font-bold">{achievement.title}</p>
                <p className="text-muted">
                  {achievement.description}
                  {achievement.achievedAt ? ` · ${formatDate(achievement.achievedAt)}` : null}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No achievements yet.</p>
        )}
      </ProfileSection>
      <ProfileSection id="member-history" title="Race History">
        {record.history.length ? (
          <table className="w-full text-left">
            <thead className="text-muted">
              <tr>
                <th scope="col">Race</th>
                <th scope="col">Ended</th>
                <th scope="col">Position</th>
                <th scope="col">Prize</th>
              </tr>
            </thead>
            <tbody>
              {record.history.map((entry) => (
                <tr key={entry.raceId}>
                  <td>{entry.title}</td>
                  <td>{formatDate(entry.endDate)}</td>
                  <td>#{entry.position}</td>
                  <td>{formatUsd(entry.prize)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-muted">No completed races yet.</p>
        )}
      </ProfileSection>
    </>
  );
}
