import type { ToastInput } from "~/lib/toast";

/** The hero beside the new-user promo box, and the box itself (docs/product.md §P2 "Home"). */
export const HOME_HERO = {
  title: "Where the Goats climb",
  text: "Live wager leaderboards, a monthly wager race with a $500 prize pool, VIP ranks and rewards for players who sign up to Goated with our code.",
} as const;

export const NEW_USER_PROMO = {
  title: "New to Goated?",
  text: "Sign up with our referral code to join the leaderboards and the monthly race.",
  signUp: "Sign up on Goated",
} as const;

/** The headline carousel's items and where each goes (docs/product.md §P2 "Home"). */
export interface HeadlineItem {
  id: string;
  headline: string;
  text: string;
  to: string;
}

/** The first item's headline is the live total wagered; the rest are fixed. */
export const TOTAL_WAGERED_ITEM_ID = "total-wagered";
export const BONUS_CODES_ITEM_ID = "bonus-codes";

/** Shown to a visitor who asks for the bonus codes, with or without JavaScript (docs/product.md §P2). */
export const BONUS_CODES_SIGN_IN_TOAST: ToastInput = {
  title: "Authentication Required",
  description: "Please sign in to access bonus codes",
  type: "destructive",
};

export const HEADLINES: readonly HeadlineItem[] = [
  {
    id: TOTAL_WAGERED_ITEM_ID,
    headline: "WAGERED",
    text: "Wagered by the GoatedVIPs community, all time.",
    to: "/leaderboard",
  },
  {
    id: "wager-races",
    headline: "WAGER RACES",
    text: "A $500 race every month for the top ten.",
    to: "/wager-races",
  },
  {
    id: "live-leaderboards",
    headline: "LIVE LEADERBOARDS",
    text: "See who is wagering the most today.",
    to: "#leaderboard",
  },
  {
    id: BONUS_CODES_ITEM_ID,
    headline: "BONUS CODES",
    text: "Members-only codes with real value.",
    to: "/bonus-codes",
  },
  {
    id: "affiliate-rewards",
    headline: "AFFILIATE REWARDS",
    text: "Rakeback, bonuses and more as you level up.",
    to: "/vip-program",
  },
  {
    id: "telegram-group",
    headline: "TELEGRAM GROUP",
    text: "Join the community where it all happens.",
    to: "/telegram",
  },
  {
    id: "airdrop-news",
    headline: "AIRDROP NEWS",
    text: "Points today, tokens when Goated launches.",
    to: "/goated-token",
  },
  {
    id: "provably-fair",
    headline: "PROVABLY FAIR",
    text: "Check any roll yourself.",
    to: "/provably-fair",
  },
  {
    id: "live-support",
    headline: "LIVE SUPPORT",
    text: "Our VIP team answers around the clock.",
    to: "/help",
  },
  {
    id: "weekly-live-stream",
    headline: "WEEKLY LIVE STREAM",
    text: "Watch and chat with the community every week.",
    to: "/telegram",
  },
  {
    id: "challenges-giveaways",
    headline: "CHALLENGES & GIVEAWAYS",
    text: "Hit targets, win prizes.",
    to: "/wager-races",
  },
  {
    id: "become-affiliate",
    headline: "BECOME AN AFFILIATE",
    text: "Grow with the GoatedVIPs program.",
    to: "/vip-program",
  },
  {
    id: "join",
    headline: "JOIN THE GOATS TODAY!",
    text: "Create your GoatedVIPs account.",
    to: "/auth",
  },
  {
    id: "newsletter",
    headline: "NEWSLETTER SUBSCRIPTION",
    text: "Choose the news you want by e-mail.",
    to: "/notification-preferences",
  },
];

export type FeatureMark = "NEW" | "COMING SOON" | "DAILY";

export interface FeatureCard {
  title: string;
  text: string;
  to: string;
  mark?: FeatureMark;
  membersOnly?: boolean;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: "Bonus Codes",
    text: "Exclusive codes for members.",
    to: "/bonus-codes",
    membersOnly: true,
  },
  {
    title: "VIP Transfer",
    text: "Bring your VIP status from another casino.",
    to: "/vip-transfer",
  },
  { title: "Wager Races", text: "Compete for the monthly $500 prize pool.", to: "/wager-races" },
  { title: "Challenges", text: "Hit targets for cash rewards.", to: "/challenges", mark: "NEW" },
  { title: "Provably Fair", text: "Verify every game result.", to: "/provably-fair" },
  {
    title: "Goated Airdrop",
    text: "Earn points for the token launch.",
    to: "/goated-token",
    mark: "COMING SOON",
  },
  {
    title: "Promotions",
    text: "Races, drops and slot challenges.",
    to: "/promotions",
    mark: "DAILY",
  },
  { title: "Telegram", text: "Join the GoatedVIPs community.", to: "/telegram" },
];
