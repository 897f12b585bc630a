import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { CSSProperties, ReactNode } from "react";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import type { Font } from "satori";
import { RANKS } from "~/domain/rank";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from "~/domain/share-cards";
import { raceShareCard, raceShareDescription } from "~/domain/share-cards";
import type { PlayerShareCard, RaceShareCard, ShareCard } from "~/domain/share-cards";
import { versionedCache } from "./cache.server";
import { siteOrigin } from "./config.server";
import { ifNoneMatchHits } from "~/lib/etag";
import { observeShareCardRender } from "./metrics.server";
import { RenderQueueFull, renderQueue } from "./render-queue.server";
import { SITE_COLOURS } from "~/lib/site-colours";

/**
 * The Open Graph result cards as PNG (docs/decisions/0074): a card's text laid out by satori as
 * SVG (text drawn as paths, in Roboto Condensed), rasterised by resvg on libuv's thread pool.
 * A drawing costs tens of milliseconds of the event loop and more of a pool thread, so each image
 * is kept by its content (equal cards share it), drawings run one at a time with a few waiting,
 * and past that a request is refused with RenderQueueFull (503, Retry-After).
 */

/** Moves when the layout below changes, so images drawn by an older layout are not reused. */
const LAYOUT_VERSION = "1";

/** Cards kept: about 50 KB each. */
const KEPT_CARDS = 64;
const images = versionedCache<Promise<Buffer>>({ max: KEPT_CARDS });
/** One drawing at a time, four in line (about 130 ms of CPU each: docs/decisions/0074). */
export const cardDrawings = renderQueue({ running: 1, waiting: 4, retryAfterSeconds: 2 });

/** The hex digest that names a card's image: its ETag, and the `v` of its URL. */
export function shareCardDigest(card: ShareCard): string {
  return createHash("sha256")
    .update(`${LAYOUT_VERSION}\n${JSON.stringify(card)}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * The absolute URL a page's `og:image` names: its card's path on the public origin, with the card's
 * digest, so a link preview kept by a chat app is asked again once the card changes.
 */
export function shareCardUrl(pathname: string, card: ShareCard): string {
  const url = new URL(pathname, siteOrigin());
  url.searchParams.set("v", shareCardDigest(card).slice(0, 12));
  return url.href;
}

/** What a page showing a race names for its link preview: the race card's URL and text. */
export function raceSharePreview(board: Parameters<typeof raceShareCard>[0]) {
  const card = raceShareCard(board);
  return {
    image: shareCardUrl(`/wager-races/${board.race.id}/og.png`, card),
    description: raceShareDescription(card),
  };
}

/** The card's PNG: kept by content, drawn at most once however many ask at the same time. */
export function shareCardPng(card: ShareCard): Promise<Buffer> {
  return images.get({
    key: shareCardDigest(card),
    compute: () => cardDrawings.run(() => drawCard(card)),
  });
}

/**
 * Shared by whoever asks (a chat app's preview, a crawler) for a few minutes; the ETag (the card's
 * digest) makes asking again cheap. An answer to a signed-in request goes out `private, no-store`
 * whatever this says (app/http/private-answers.server.ts).
 */
const CARD_CACHE_CONTROL = "public, max-age=300";

/**
 * The answer to a card's URL: 304 when the client has this card already, the PNG, or 503 with
 * Retry-After while too many other cards are being drawn.
 */
export async function shareCardResponse(request: Request, card: ShareCard): Promise<Response> {
  const headers = { ETag: `"${shareCardDigest(card)}"`, "Cache-Control": CARD_CACHE_CONTROL };
  if (ifNoneMatchHits(request.headers.get("If-None-Match"), headers.ETag)) {
    return new Response(null, { status: 304, headers });
  }
  try {
    const png = await shareCardPng(card);
    return new Response(new Uint8Array(png), {
      headers: { ...headers, "Content-Type": "image/png" },
    });
  } catch (error) {
    if (!(error instanceof RenderQueueFull)) throw error;
    return new Response(error.message, {
      status: 503,
      headers: {
        "Retry-After": String(error.retryAfterSeconds),
        "Cache-Control": "no-store",
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
}

async function drawCard(card: ShareCard): Promise<Buffer> {
  const started = performance.now();
  const logo = await publicSvg("favicon.svg");
  const svg = await satori(
    card.kind === "race" ? (
      <RaceCardLayout card={card} logo={logo} />
    ) : (
      <PlayerCardLayout
        card={card}
        logo={logo}
        rankBadge={await publicSvg(`ranks/${card.tier.toLowerCase()}.svg`)}
      />
    ),
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      fonts: await cardFonts(),
    },
  );
  // The text is paths already: resvg needs no fonts of its own.
  const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
  const png = image.asPng();
  observeShareCardRender(card.kind, (performance.now() - started) / 1000);
  return png;
}

/** One family per subset: satori takes a glyph missing from the first family from the others. */
const FONT_SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "vietnamese"];
const FONT_WEIGHTS = [400, 700] as const;
const FONT_FAMILY = FONT_SUBSETS.map((subset) => `Roboto Condensed ${subset}`).join(", ");

let fonts: Promise<Font[]> | undefined;

/** Read once; satori parses a fonts array once and keeps it by identity. */
function cardFonts(): Promise<Font[]> {
  fonts ??= loadFonts().catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

async function loadFonts(): Promise<Font[]> {
  const resolve = createRequire(import.meta.url).resolve;
  return Promise.all(
    FONT_SUBSETS.flatMap((subset) =>
      FONT_WEIGHTS.map(async (weight) => ({
        name: `Roboto Condensed ${subset}`,
        weight,
        style: "normal" as const,
        // satori reads woff and ttf, not woff2.
        data: await readFile(
          resolve(
            `@fontsource/roboto-condensed/files/roboto-condensed-${subset}-${weight}-normal.woff`,
          ),
        ),
      })),
    ),
  );
}

/** The logo and each rank's badge. */
const publicImages = versionedCache<Promise<string>>({ max: RANKS.length + 1 });

/** An SVG of public/ (the logo, a rank's badge) as a data URL, read once. */
function publicSvg(name: string): Promise<string> {
  return publicImages.get({
    key: name,
    compute: async () =>
      `data:image/svg+xml;base64,${(await readFile(path.resolve("public", name))).toString("base64")}`,
  });
}

const WHITE = "#FFFFFF";
/** Keeps an empty line's height. */
const NO_TEXT = "\u00a0";
const PRIMARY = SITE_COLOURS.primary.DEFAULT;

/** One line of text, cut with an ellipsis where it would leave its box. */
function Line({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <div
      style={{
        display: "block",
        overflow: "hidden",
        whiteSpace: "nowrap",
        textOverflow: "ellipsis",
        ...style,
      }}
    >
      {children}
    </div>
  );
}

/** The page: the site's background, its logo and name, a badge, and the card's own content. */
function Frame({
  badge,
  badgeColour,
  logo,
  children,
}: {
  badge: string;
  badgeColour: string;
  logo: string;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        width: SHARE_CARD_WIDTH,
        height: SHARE_CARD_HEIGHT,
        display: "flex",
        flexDirection: "column",
        padding: "48px 56px",
        backgroundColor: SITE_COLOURS.page,
        // A band in the site's lime rather than its glow: resvg takes seconds over a gradient.
        borderTop: `8px solid ${PRIMARY}`,
        color: WHITE,
        fontFamily: FONT_FAMILY,
      }}
    >
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <div style={{ display: "flex", alignItems: "center" }}>
          <img src={logo} width={52} height={52} alt="" />
          <div style={{ marginLeft: 16, fontSize: 34, fontWeight: 700, letterSpacing: 1 }}>
            GOATEDVIPS
          </div>
        </div>
        <div
          style={{
            display: "flex",
            padding: "6px 18px",
            borderRadius: 999,
            border: `2px solid ${badgeColour}`,
            color: badgeColour,
            fontSize: 24,
            fontWeight: 700,
            letterSpacing: 2,
          }}
        >
          {badge}
        </div>
      </div>
      {children}
    </div>
  );
}

const RACE_BADGES: Record<RaceShareCard["state"], { text: string; colour: string }> = {
  final: { text: "FINAL RESULT", colour: PRIMARY },
  live: { text: "LIVE", colour: SITE_COLOURS.success },
  upcoming: { text: "UPCOMING", colour: SITE_COLOURS.muted },
};

function RaceCardLayout({ card, logo }: { card: RaceShareCard; logo: string }) {
  const badge = RACE_BADGES[card.state];
  return (
    <Frame badge={badge.text} badgeColour={badge.colour} logo={logo}>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 30 }}>
        <Line
          style={{ fontSize: 26, fontWeight: 700, letterSpacing: 3, color: SITE_COLOURS.muted }}
        >
          {card.label.toUpperCase()}
        </Line>
        <Line style={{ fontSize: 68, fontWeight: 700, color: PRIMARY, lineHeight: 1.1 }}>
          {card.title.toUpperCase()}
        </Line>
        <Line style={{ fontSize: 28, color: SITE_COLOURS.muted, marginTop: 4 }}>{card.when}</Line>
      </div>
      <div style={{ display: "flex", marginTop: 34, marginBottom: 28, flexGrow: 1 }}>
        {card.podium.length === 0 ? (
          <div style={{ display: "flex", fontSize: 36, color: SITE_COLOURS.muted }}>
            No participants
          </div>
        ) : (
          card.podium.map((entry, index) => (
            <div
              key={entry.place}
              style={{
                display: "flex",
                flexDirection: "column",
                width: 344,
                marginLeft: index === 0 ? 0 : 24,
                padding: "20px 24px",
                borderRadius: 16,
                border: `2px solid ${index === 0 ? PRIMARY : SITE_COLOURS.accent}`,
                backgroundColor: SITE_COLOURS.card,
              }}
            >
              <div style={{ display: "flex", fontSize: 34, fontWeight: 700, color: PRIMARY }}>
                #{entry.place}
              </div>
              <Line style={{ fontSize: 36, fontWeight: 700, marginTop: 4 }}>
                {entry.name ?? `${ordinal(entry.place)} prize`}
              </Line>
              <Line style={{ fontSize: 40, fontWeight: 700, color: PRIMARY, marginTop: 6 }}>
                {entry.prize}
              </Line>
              <Line
                style={{ fontSize: 24, fontWeight: 700, color: SITE_COLOURS.success, marginTop: 4 }}
              >
                {entry.paid ?? NO_TEXT}
              </Line>
            </div>
          ))
        )}
      </div>
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 28 }}>
        <div style={{ display: "flex" }}>
          <span style={{ color: SITE_COLOURS.muted }}>Prize pool&nbsp;</span>
          <span style={{ fontWeight: 700, color: PRIMARY }}>{card.pool}</span>
        </div>
        <div style={{ display: "flex", color: SITE_COLOURS.muted }}>Paid to the top 10</div>
      </div>
    </Frame>
  );
}

function ordinal(place: number): string {
  return ["1st", "2nd", "3rd"][place - 1] ?? `${place}th`;
}

function PlayerCardLayout({
  card,
  logo,
  rankBadge,
}: {
  card: PlayerShareCard;
  logo: string;
  rankBadge: string;
}) {
  const tile = (label: string, value: string, detail: string | null) => (
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        width: 532,
        padding: "20px 24px",
        borderRadius: 16,
        border: `2px solid ${SITE_COLOURS.accent}`,
        backgroundColor: SITE_COLOURS.card,
      }}
    >
      <Line style={{ fontSize: 22, fontWeight: 700, letterSpacing: 2, color: SITE_COLOURS.muted }}>
        {label}
      </Line>
      <Line style={{ fontSize: 38, fontWeight: 700, marginTop: 4 }}>{value}</Line>
      <Line style={{ fontSize: 26, color: PRIMARY, marginTop: 4 }}>{detail ?? NO_TEXT}</Line>
    </div>
  );
  return (
    <Frame badge="PLAYER" badgeColour={PRIMARY} logo={logo}>
      <div style={{ display: "flex", alignItems: "center", marginTop: 36 }}>
        <img src={rankBadge} width={150} height={150} alt="" />
        <div style={{ display: "flex", flexDirection: "column", marginLeft: 32, width: 880 }}>
          <Line style={{ fontSize: 76, fontWeight: 700, lineHeight: 1.1 }}>{card.name}</Line>
          <Line style={{ fontSize: 38, fontWeight: 700, color: PRIMARY, letterSpacing: 2 }}>
            {`${card.tier} RANK`}
          </Line>
          <Line style={{ fontSize: 28, color: SITE_COLOURS.muted }}>
            {card.leaderboardPlace ?? "Not on the all-time leaderboard yet"}
          </Line>
        </div>
      </div>
      <div style={{ display: "flex", marginTop: "auto", justifyContent: "space-between" }}>
        {tile("TOTAL WAGERED", card.wagered, card.record)}
        {card.latestRace
          ? tile(
              "LATEST RACE",
              `${card.latestRace.place} · ${card.latestRace.prize}`,
              card.latestRace.title,
            )
          : tile("LATEST RACE", "None yet", null)}
      </div>
    </Frame>
  );
}
