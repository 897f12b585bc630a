/**
 * One referral as the site stores it: the provider's entry after normalisation. Wagers are dollars
 * (floats, docs/decisions/0003). The four periods are separate windows and are not nested: the
 * provider can report a this_week above this_month.
 */
export interface ReferralTotals {
  today: number;
  this_week: number;
  this_month: number;
  all_time: number;
}

export interface Referral {
  uid: string;
  name: string;
  wagered: ReferralTotals;
}

export const UNKNOWN_PLAYER_NAME = "Unknown Player";
