/** The API's answers from the domain's views: pure serialisers to the shapes of ./api-contract.ts. */
import type { Account } from "./account";
import type {
  AccountJson,
  AdminBonusCodeJson,
  AdminRaceJson,
  ChatMessageJson,
  CurrentRaceJson,
  RaceParticipantJson,
  RacePositionJson,
} from "./api-contract";
import { textOrEmpty } from "./api-contract";
import type { BonusCodeView } from "./bonus-codes";
import { roundToCents } from "./money";
import type { Participant, RacePosition, RaceView } from "./race";
import type { ChatMessageView } from "./support-chat";

/** A race as the admin API writes it: money in dollars, the distribution by position. */
export function raceJson(race: RaceView): AdminRaceJson {
  return {
    id: race.id,
    title: race.title,
    type: race.type,
    status: race.status,
    prizePool: race.prizePoolCents / 100,
    minWager: roundToCents(race.minWager),
    startDate: race.startDate,
    endDate: race.endDate,
    prizeDistribution: race.distribution,
    rules: textOrEmpty(race.rules),
    description: textOrEmpty(race.description),
    isAutomatic: race.isAutomatic,
    completedAt: race.completedAt,
  };
}

/**
 * A race participant in the API and the RACE_COMPLETED message: `wager` is the documented name,
 * `wagered` the one existing clients read; both in dollars rounded to cents.
 */
export function participantJson(participant: Participant): RaceParticipantJson {
  const wager = roundToCents(participant.wager);
  return {
    position: participant.position,
    uid: participant.uid,
    name: participant.name,
    wager,
    wagered: wager,
    prize: participant.prizeCents / 100,
  };
}

/** A race as the public race API writes it (docs/product.md §P3 "Current race"), prizes in dollars. */
export function publicRaceJson(race: RaceView, participants: Participant[]): CurrentRaceJson {
  return {
    id: race.id,
    title: race.title,
    type: race.type,
    status: race.status,
    startDate: race.startDate,
    endDate: race.endDate,
    prizePool: race.prizePoolCents / 100,
    participants: participants.map(participantJson),
  };
}

/**
 * docs/product.md §P3 "Race position", the wager in dollars rounded to cents, the gaps (integer
 * cents inside) in dollars.
 */
export function racePositionJson({
  gapToNextCents,
  gapToPaidCents,
  ...position
}: RacePosition): RacePositionJson {
  return {
    ...position,
    wagerAmount: roundToCents(position.wagerAmount),
    gapToNext: centsToDollars(gapToNextCents),
    gapToPaid: centsToDollars(gapToPaidCents),
  };
}

const centsToDollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** A bonus code as the admin API writes it (docs/product.md §A3 "Bonus code"). */
export function bonusCodeJson(code: BonusCodeView): AdminBonusCodeJson {
  return {
    id: code.id,
    code: code.code,
    description: code.description,
    value: code.value,
    expiresAt: code.expiresAt,
    expired: code.expired,
    createdAt: code.createdAt,
  };
}

/** A support chat message as the chat API writes it. */
export function chatMessageJson(message: ChatMessageView): ChatMessageJson {
  return {
    id: message.id,
    message: message.message,
    isStaffReply: message.isStaffReply,
    createdAt: message.createdAt,
    sender: message.sender,
  };
}

/**
 * The current user as JSON: optional text as "", the total in cents. The verified Telegram name is
 * the profile's (docs/decisions/0084), not part of the API's user.
 */
export function accountJson({
  telegramVerifiedUsername: _profileOnly,
  ...account
}: Account): AccountJson {
  return {
    ...account,
    email: textOrEmpty(account.email),
    telegramUsername: textOrEmpty(account.telegramUsername),
    bio: textOrEmpty(account.bio),
    goatedId: textOrEmpty(account.goatedId),
    goatedUsername: textOrEmpty(account.goatedUsername),
    totalWagered: roundToCents(account.totalWagered),
  };
}
