import { REFERRAL_CODE, TELEGRAM_COMMUNITY_URL, TELEGRAM_SUPPORT_URL, X_URL } from "./links";

// Texts of the smaller content pages, kept as data so the routes only lay them out.

export const HOW_IT_WORKS = {
  intro: "Three steps from a new Goated account to the GoatedVIPs leaderboards, races and rewards.",
  steps: [
    {
      title: "Open the registration",
      text: "Open Goated's sign-up and choose how to register: with a crypto wallet, with Google, or with e-mail and password.",
    },
    {
      title: "Create your account",
      text: "Enter your e-mail, a password and a unique username. Your username is how you appear on our leaderboards.",
    },
    {
      title: "Enter the referral code",
      text: `Enter the official referral code ${REFERRAL_CODE}. It links your play to GoatedVIPs, which is what makes you eligible for our races and rewards.`,
    },
  ],
  whatsNext: [
    "Your wagers appear on the daily, weekly, monthly and all-time leaderboards within minutes.",
    "You join the monthly $500 wager race automatically.",
    "Create a GoatedVIPs account to track your rank, see bonus codes and pick your notifications.",
    "Join the Telegram community for challenges, giveaways and the weekly live stream.",
  ],
} as const;

export const AIRDROP = {
  intro:
    "The Goated token airdrop rewards the players who play now. Points earned today convert into tokens when the token launches.",
  figures: [
    { value: "2,000,000", label: "Points distributed daily" },
    { value: "100M", label: "Tokens for early adopters" },
    { value: "900M", label: "Tokens for the community" },
    { value: "15%", label: "Bonus for affiliate referrals" },
  ],
  steps: [
    `Sign up at Goated with the code ${REFERRAL_CODE}.`,
    "Play as usual: every wager earns airdrop points each day.",
    "Watch your points grow in your Goated account.",
    "Claim your tokens when the token launches.",
  ],
} as const;

export const TELEGRAM_PAGE = {
  intro:
    "The GoatedVIPs Telegram group is where the community meets: race updates, challenges, giveaways and help from people who play.",
  expectations: [
    {
      title: "Race and leaderboard updates",
      text: "Standings, winners and payouts as they happen.",
    },
    {
      title: "Challenges and giveaways",
      text: "Weekly challenges with cash prizes, only for members.",
    },
    { title: "Weekly live stream", text: "Join the stream and the chat around it." },
    { title: "VIP support", text: "Our team answers questions around the clock." },
  ],
} as const;

export const HELP_PAGE = {
  intro: "Stuck, or not sure how something works? Here is where to get an answer.",
  sections: [
    {
      title: "24/7 support",
      text: "Our VIP support team answers on Telegram at any hour, usually within minutes.",
      action: { label: "Message Support", href: TELEGRAM_SUPPORT_URL, external: true },
    },
    {
      title: "FAQs",
      text: "Answers to the common questions about joining, rewards and technical problems.",
      action: { label: "Browse FAQ", href: "/faq", external: false },
    },
    {
      title: "Contact information",
      text: "Write to the VIP support account on Telegram, or ask in the community group.",
      action: { label: "Telegram Community", href: "/telegram", external: false },
    },
  ],
} as const;

export const SOCIALS_PAGE = {
  intro: "Where to find GoatedVIPs outside this site.",
  channels: [
    {
      name: "Telegram",
      icon: "telegram",
      text: "The community group: race updates, challenges, giveaways and support.",
      href: TELEGRAM_COMMUNITY_URL,
    },
    {
      name: "X",
      icon: "x",
      text: "Announcements, winners and new bonus codes.",
      href: X_URL,
    },
  ],
} as const;

export const SUPPORT_PAGE = {
  intro:
    "Our VIP support team is here to help you, at any hour. The fastest way to reach us is Telegram.",
  contact: "Send a message to our support account with your Goated username and your question.",
} as const;
