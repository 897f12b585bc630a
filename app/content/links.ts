// Outbound links and the referral code, in one place so every page says the same.

export const REFERRAL_CODE = "GOATEDVIPS";

/** The provider's sign-up page with our referral code (the PLAY and Sign Up buttons). */
export const PROVIDER_REFERRAL_URL = `https://www.goated.com/r/${REFERRAL_CODE}`;

export const TELEGRAM_COMMUNITY_URL = "https://t.me/goatedvips";
/** Direct contact with the VIP support team. */
export const TELEGRAM_SUPPORT_URL = "https://t.me/goatedvipsupport";
export const X_URL = "https://x.com/goatedvips";

export const RESPONSIBLE_GAMBLING_URL = "https://www.begambleaware.org";
