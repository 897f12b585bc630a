import { WagerChartPanel } from "~/components/player/WagerChartPanel";
import type { WagerChartState } from "~/domain/wager-chart";
import { ProfileSection } from "./ProfileSection";

/** A member's player's wager over the last 30 days on `/user/:id` (drawn by the server). */
export function MemberWagerChart({ data }: { data: WagerChartState }) {
  return (
    <ProfileSection id="member-wager-chart" title="Last 30 Days">
      <WagerChartPanel
        data={data}
        title="Wager over the last 30 days"
        texts={{ empty: "No wager recorded in the last 30 days." }}
      />
    </ProfileSection>
  );
}
