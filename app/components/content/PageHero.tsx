import { useEffect, useState } from "react";
import { Logo } from "~/components/shell/Logo";
import { HERO_CONTENT, videoAllowed } from "~/domain/hero-banners";
import type { HeroBanner } from "~/domain/hero-banners";

type NavigatorWithConnection = Navigator & {
  connection?: { saveData?: boolean; effectiveType?: string };
};

/**
 * Whether this browser may play a hero's video: asked after the page's load event, so the video
 * is never part of the first view's bytes, and only where the connection and the visitor allow
 * it (no Save-Data, not a slow connection, not reduced motion).
 */
function usePlayableAfterLoad(videoUrl: string | null): boolean {
  const [playable, setPlayable] = useState(false);
  useEffect(() => {
    if (!videoUrl) return;
    const decide = () => {
      const connection = (navigator as NavigatorWithConnection).connection;
      setPlayable(
        videoAllowed({
          saveData: connection?.saveData === true,
          effectiveType: connection?.effectiveType,
          reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
        }),
      );
    };
    if (document.readyState === "complete") {
      decide();
      return;
    }
    window.addEventListener("load", decide, { once: true });
    return () => window.removeEventListener("load", decide);
  }, [videoUrl]);
  return playable;
}

/** The art behind each hero's words, drawn as SVG (no image request): one motif per page. */
function HeroArt({ banner }: { banner: HeroBanner }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 400 240"
      preserveAspectRatio="xMaxYMid slice"
      className="absolute inset-0 h-full w-full"
    >
      <defs>
        <radialGradient id={`hero-glow-${banner}`} cx="0.78" cy="0.45" r="0.6">
          <stop offset="0" stopColor="#D7FF00" stopOpacity="0.28" />
          <stop offset="1" stopColor="#D7FF00" stopOpacity="0" />
        </radialGradient>
        <pattern id={`hero-grid-${banner}`} width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0H0v20" fill="none" stroke="#2A2B31" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="400" height="240" fill={`url(#hero-grid-${banner})`} />
      <rect width="400" height="240" fill={`url(#hero-glow-${banner})`} />
      <g fill="none" stroke="#D7FF00" strokeOpacity="0.22">
        <circle cx="318" cy="112" r="70" />
        <circle cx="318" cy="112" r="98" strokeDasharray="4 8" />
      </g>
      {/* The crest of our wordmark, large. */}
      <path
        d="M318 52l42 21v32c0 25-18 41-42 46-24-5-42-21-42-46V73z"
        fill="#D7FF00"
        fillOpacity="0.9"
      />
      <path
        d="M293 73c0 14 7 21 18 25M343 73c0 14-7 21-18 25M303 105h30l-5 21h-20z"
        fill="none"
        stroke="#14151A"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {banner === "home" ? (
        // Leaderboard bars rising to the right.
        <g fill="#D7FF00">
          <rect x="214" y="196" width="16" height="30" rx="2" fillOpacity="0.35" />
          <rect x="236" y="182" width="16" height="44" rx="2" fillOpacity="0.5" />
          <rect x="258" y="166" width="16" height="60" rx="2" fillOpacity="0.65" />
          <rect x="362" y="150" width="16" height="76" rx="2" fillOpacity="0.8" />
        </g>
      ) : banner === "promotions" ? (
        // A gift box and confetti.
        <g>
          <rect x="206" y="170" width="52" height="44" rx="4" fill="#9D4EDD" fillOpacity="0.7" />
          <rect x="200" y="160" width="64" height="14" rx="3" fill="#9D4EDD" />
          <rect x="228" y="160" width="8" height="54" fill="#D7FF00" />
          <g fill="#D7FF00">
            <rect x="372" y="40" width="8" height="8" transform="rotate(20 376 44)" />
            <rect x="224" y="34" width="6" height="6" transform="rotate(45 227 37)" />
            <circle cx="380" cy="196" r="4" />
            <circle cx="250" cy="60" r="3" />
          </g>
        </g>
      ) : (
        // A code ticket with a dashed tear line.
        <g>
          <path
            d="M198 168h80v14a8 8 0 000 16v14h-80v-14a8 8 0 000-16z"
            fill="#1A1B21"
            stroke="#D7FF00"
            strokeWidth="2"
          />
          <path d="M252 172v38" stroke="#D7FF00" strokeDasharray="4 4" strokeWidth="2" />
          <path d="M214 204l22-24" stroke="#D7FF00" strokeWidth="3" strokeLinecap="round" />
          <circle cx="216" cy="184" r="4" fill="#D7FF00" />
          <circle cx="234" cy="200" r="4" fill="#D7FF00" />
        </g>
      )}
    </svg>
  );
}

/**
 * The hero at the top of `/`, `/promotions` and `/bonus-codes` (issue 18): our wordmark, the
 * page's own message in the site's faces and SVG art. An admin-set video plays behind the words,
 * muted and looping, only when the browser decides after load that it may (usePlayableAfterLoad);
 * the server never sends a <video>, so without JavaScript the designed poster is the hero.
 */
export function PageHero({
  banner,
  videoUrl,
  className = "",
}: {
  banner: HeroBanner;
  videoUrl: string | null;
  className?: string;
}) {
  const content = HERO_CONTENT[banner];
  const playable = usePlayableAfterLoad(videoUrl);
  return (
    <section
      aria-label={`${content.kicker}: ${content.headline}`}
      data-testid="page-hero"
      data-banner={banner}
      className={`relative isolate flex min-h-[12.5rem] overflow-hidden rounded-2xl border border-accent bg-card sm:min-h-[15rem] lg:min-h-[16rem] ${className}`}
    >
      <HeroArt banner={banner} />
      {playable && videoUrl ? (
        <video
          src={videoUrl}
          muted
          loop
          autoPlay
          playsInline
          preload="auto"
          aria-hidden="true"
          data-testid="hero-video"
          className="absolute inset-0 h-full w-full object-cover opacity-60"
        />
      ) : null}
      <div className="relative flex w-full flex-col justify-center gap-2 bg-gradient-to-r from-page via-page/80 to-transparent p-5 sm:w-3/4 sm:p-8 lg:w-2/3">
        <Logo className="h-6 w-auto sm:h-7" />
        <p className="mt-2 text-xs font-bold uppercase tracking-[0.2em] text-primary sm:text-sm">
          {content.kicker}
        </p>
        <p className="font-display text-3xl font-bold uppercase leading-none text-white drop-shadow-[0_0_18px_rgba(215,255,0,0.25)] sm:text-5xl">
          {content.headline}
        </p>
        <p className="max-w-md text-sm text-muted sm:text-base">{content.text}</p>
      </div>
    </section>
  );
}
