import { PREFERENCE_EMAIL_NAMES } from "./email";
import type { PreferenceKey } from "./account-forms";

/**
 * The e-mails' words and layout (docs/product.md §P10): every message has a plain-text part and a
 * simple inline-styled HTML part that reads fine with images blocked. Pure: links come in.
 */

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** An image beside the heading (a rank emblem); its alt text says the same in words. */
  image?: { url: string; alt: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailLinks {
  siteOrigin: string;
  /** The signed page that turns the governing preference off; absent for the confirmation mail. */
  unsubscribe?: { url: string; preference: PreferenceKey };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Lays a message out as plain text and HTML, with the unsubscribe footer when it has one. */
export function renderEmail(content: EmailContent, links: EmailLinks): RenderedEmail {
  const footer = links.unsubscribe
    ? `You receive this because ${PREFERENCE_EMAIL_NAMES[links.unsubscribe.preference]} are on in your notification preferences.`
    : "You receive this because someone registered or asked for e-mail with this address on GoatedVIPs.";
  const preferencesUrl = `${links.siteOrigin}/notification-preferences`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    footer,
    ...(links.unsubscribe ? [`Unsubscribe: ${links.unsubscribe.url}`] : []),
    `Your preferences: ${preferencesUrl}`,
    "GoatedVIPs is an independent community site, not operated by Goated.",
  ].join("\n");

  const p = (inner: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#111111">${inner}</p>`;
  const image = content.image
    ? `<img src="${escapeHtml(content.image.url)}" alt="${escapeHtml(content.image.alt)}" width="64" height="64" style="display:block;margin:0 0 16px;border:0">`
    : "";
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#D7FF00;color:#111111;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></p>` +
      p(
        `Or open this link: <a href="${escapeHtml(content.action.url)}" style="color:#1a4dd6">${escapeHtml(content.action.url)}</a>`,
      )
    : "";
  const small = (inner: string) =>
    `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#555555">${inner}</p>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff">`,
    `<p style="margin:0 0 24px;font-size:14px;font-weight:bold;letter-spacing:1px;color:#555555">GOATEDVIPS</p>`,
    image,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111111">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((para) => p(escapeHtml(para))),
    action,
    `<hr style="border:0;border-top:1px solid #dddddd;margin:24px 0">`,
    small(escapeHtml(footer)),
    links.unsubscribe
      ? small(
          `<a href="${escapeHtml(links.unsubscribe.url)}" style="color:#1a4dd6">Unsubscribe from ${escapeHtml(PREFERENCE_EMAIL_NAMES[links.unsubscribe.preference])}</a> · <a href="${escapeHtml(preferencesUrl)}" style="color:#1a4dd6">Your preferences</a>`,
        )
      : small(`<a href="${escapeHtml(preferencesUrl)}" style="color:#1a4dd6">Your preferences</a>`),
    small("GoatedVIPs is an independent community site, not operated by Goated."),
    `</div></body></html>`,
  ].join("\n");
  return { subject: content.subject, text, html };
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
