import { REFERRAL_CODE } from "./links";

export interface FaqCategory {
  title: string;
  questions: ReadonlyArray<{ question: string; answer: string }>;
}

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    title: "Getting Started",
    questions: [
      {
        question: "What is GoatedVIPs?",
        answer:
          "An independent community for Goated players: live wager leaderboards, a monthly wager race, VIP ranks, bonus codes and promotions. We are not operated by Goated.",
      },
      {
        question: "How do I join?",
        answer: `Sign up at Goated with the referral code ${REFERRAL_CODE}, then create a GoatedVIPs account and link your Goated username in your profile.`,
      },
      {
        question: "Does it cost anything?",
        answer: "No. GoatedVIPs is free; the rewards are paid from our affiliate share.",
      },
    ],
  },
  {
    title: "Rewards & Benefits",
    questions: [
      {
        question: "How does the monthly wager race work?",
        answer:
          "Everyone who signed up with our code takes part. The ten players who wager the most in a calendar month share the $500 prize pool, paid within 24 hours of the race ending.",
      },
      {
        question: "How are ranks decided?",
        answer:
          "Your rank follows your all-time wagered amount, from COPPER up to DIAMOND at $20,000,000. Your profile shows how far you are from the next one.",
      },
      {
        question: "Where do I find bonus codes?",
        answer:
          "Signed-in members see them on the Bonus Codes page. Turn on e-mail notifications to hear about new ones first.",
      },
    ],
  },
  {
    title: "Technical Support",
    questions: [
      {
        question: "My wagers do not show on the leaderboard.",
        answer:
          "Leaderboards refresh every few minutes from Goated's affiliate data. Only accounts that signed up with our referral code are listed.",
      },
      {
        question: "I cannot sign in.",
        answer:
          "Check your username and password; after several failed attempts wait a few minutes. If it still fails, contact VIP support on Telegram.",
      },
      {
        question: "How do I get help quickly?",
        answer: "Message our VIP support team on Telegram. They answer around the clock.",
      },
    ],
  },
];
