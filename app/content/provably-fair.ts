export const PROVIDER_VERIFY_URL = "https://www.goated.com/provably-fair";

export const FAIRNESS_INTRO =
  "Every Goated original game result can be checked. The casino commits to its secret before you bet, you add your own randomness, and anyone can recompute the result afterwards.";

export const FAIRNESS_TERMS = [
  {
    term: "Server seed",
    text: "A secret random value chosen by the casino. You see its SHA-256 hash before you bet, so it cannot be changed afterwards; the seed itself is revealed when you rotate it.",
  },
  {
    term: "Client seed",
    text: "A value you choose (or accept at random). Because it is yours, the casino cannot pick a server seed that favours itself against you.",
  },
  {
    term: "Nonce",
    text: "A counter that goes up by one with every bet on the same seed pair, so each bet gets a fresh result from the same seeds.",
  },
] as const;
