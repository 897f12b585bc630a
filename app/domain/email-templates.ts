/**
 * The e-mails' words (docs/product.md §P10); app/services/email/render.server.tsx lays them out
 * as text and HTML. Pure: links come in.
 */

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** An image beside the heading (a rank emblem); its alt text says the same in words. */
  image?: { url: string; alt: string };
}

/** Dollars from cents, as the site writes them: $1,234.50. */
function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function verificationEmail(username: string, url: string): EmailContent {
  return {
    subject: "Confirm your e-mail for GoatedVIPs",
    heading: "Confirm your e-mail",
    paragraphs: [
      `Hi ${username}, please confirm this address so we can send you the e-mails you chose.`,
      "The link works for 24 hours. If you did not ask for it, ignore this e-mail.",
    ],
    action: { label: "Confirm my e-mail", url },
  };
}

/** An in-app notification sent by e-mail too (announcements, bonus codes, prizes, rank-ups). */
export function notificationEmail(
  notification: { title: string; message: string },
  siteOrigin: string,
  emblem?: { url: string; rankName: string },
): EmailContent {
  return {
    subject: notification.title,
    heading: notification.title,
    paragraphs: notification.message.split(/\n{2,}/).filter((p) => p.trim() !== ""),
    action: { label: "Open GoatedVIPs", url: `${siteOrigin}/notifications` },
    ...(emblem && { image: { url: emblem.url, alt: `${emblem.rankName} rank emblem` } }),
  };
}

export function raceStartedEmail(
  race: { title: string; endDate: string; prizePoolCents: number },
  raceUrl: string,
): EmailContent {
  return {
    subject: `${race.title} has started`,
    heading: `${race.title} has started`,
    paragraphs: [
      `A prize pool of ${dollars(race.prizePoolCents)} is up for the top wagerers until ${formatUtc(race.endDate)}.`,
      "Wager on Goated under our code to climb the standings.",
    ],
    action: { label: "See the race", url: raceUrl },
  };
}

export function raceEndedEmail(
  race: { title: string },
  result: { position: number; prizeCents: number; totalParticipants: number } | null,
  raceUrl: string,
): EmailContent {
  const paragraphs = !result
    ? ["The final standings are in. Your linked Goated account did not wager in this race."]
    : result.prizeCents > 0
      ? [
          `You finished #${result.position} of ${result.totalParticipants} and won ${dollars(result.prizeCents)}.`,
          "Your prize is paid within 24 hours of the race's completion.",
        ]
      : [`You finished #${result.position} of ${result.totalParticipants}.`];
  return {
    subject: `${race.title} has ended`,
    heading: `${race.title} has ended`,
    paragraphs,
    action: { label: "See the results", url: raceUrl },
  };
}

export interface StatementFigures {
  monthName: string;
  wageredDollars: number;
  rankName: string;
  races: Array<{ title: string; position: number; prizeCents: number }>;
}

export function monthlyStatementEmail(figures: StatementFigures, siteOrigin: string): EmailContent {
  const wagered = `$${figures.wageredDollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const races =
    figures.races.length === 0
      ? ["You did not finish in the paid places of a race that ended this month."]
      : figures.races.map(
          (race) =>
            `${race.title}: #${race.position}${race.prizeCents > 0 ? `, prize ${dollars(race.prizeCents)}` : ""}`,
        );
  return {
    subject: `Your GoatedVIPs statement for ${figures.monthName}`,
    heading: `Your statement for ${figures.monthName}`,
    paragraphs: [
      `Wagered in ${figures.monthName}: ${wagered}`,
      `Your rank at the end of the month: ${figures.rankName}`,
      ...races,
    ],
    action: { label: "See your profile", url: `${siteOrigin}/profile` },
  };
}

/** "23 Nov 2026, 18:00 UTC": e-mails have no reader's time zone to show. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}
