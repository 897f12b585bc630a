/** Challenges (docs/product.md §A2, §A3) and the figures of their summary tiles. */
export interface Challenge {
  id: string;
  title: string;
  description: string;
  /** Free text such as '$45 Bonus'. */
  reward: string;
  category: string;
  isActive: boolean;
  isNew: boolean;
  requiresProof: boolean;
  proofInstructions?: string;
}

/** Every dollar amount written in a reward text, summed: '$45 Bonus' -> 45. */
export function rewardDollars(reward: string): number {
  let total = 0;
  for (const match of reward.matchAll(/\$\s?(\d[\d,]*(?:\.\d+)?)/g)) {
    total += Number((match[1] ?? "0").replaceAll(",", ""));
  }
  return total;
}

export function challengeSummary(challenges: readonly Challenge[]) {
  return {
    active: challenges.filter((challenge) => challenge.isActive).length,
    totalRewards: challenges.reduce((sum, challenge) => sum + rewardDollars(challenge.reward), 0),
    fresh: challenges.filter((challenge) => challenge.isNew).length,
  };
}
