import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MouseEvent, PointerEvent } from "react";
import { useHydrated } from "~/components/ui/hooks";
import {
  BONUS_CODES_ITEM_ID,
  BONUS_CODES_SIGN_IN_TOAST,
  HEADLINES,
  TOTAL_WAGERED_ITEM_ID,
} from "~/content/home";
import type { HeadlineItem } from "~/content/home";
import { formatWholeUsd } from "~/domain/money";
import { showToast } from "~/lib/client-toast";
import { useCountUp } from "~/components/leaderboard/use-count-up";

export const CAROUSEL_INTERVAL_MS = 5000;
/** A drag further than this share of the width changes item (docs/product.md §P2). */
export const SWIPE_THRESHOLD = 0.15;

const slideId = (index: number) => `headline-${index + 1}`;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The headline carousel. Without JavaScript it is a CSS scroll-snap strip: swipe it, scroll it, or
 * follow the numbered links. With JavaScript it advances every 5 s (not while pointed at, focused
 * or dragged, nor under reduced motion), wraps around, and a drag past 15% of its width changes item.
 */
export function HeadlineCarousel({
  totalWagered,
  signedIn,
}: {
  totalWagered: number;
  signedIn: boolean;
}) {
  const hydrated = useHydrated();
  const trackRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  // Snapping is off while a pointer drags the strip, or every move would snap back.
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; left: number; pointerId: number } | null>(null);
  const count = HEADLINES.length;

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      const wrapped = (index + count) % count;
      track.scrollTo({
        left: wrapped * track.clientWidth,
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
      setCurrent(wrapped);
    },
    [count],
  );

  // The item in view, whichever way it got there (swipe, scroll, link).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => {
      if (drag.current) return;
      setCurrent(Math.round(track.scrollLeft / Math.max(1, track.clientWidth)));
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => track.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (paused || prefersReducedMotion()) return;
    const timer = window.setInterval(() => goTo(current + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, current, goTo]);

  const onPointerDown = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    if (!track || event.button !== 0) return;
    drag.current = { x: event.clientX, left: track.scrollLeft, pointerId: event.pointerId };
    setDragging(true);
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    const start = drag.current;
    if (!track || !start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) > 4 && !track.hasPointerCapture(event.pointerId)) {
      track.setPointerCapture(event.pointerId);
    }
    track.scrollLeft = start.left - dx;
  };
  const endDrag = (event: PointerEvent<HTMLUListElement>) => {
    const track = trackRef.current;
    const start = drag.current;
    if (!track || !start || start.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const dx = event.clientX - start.x;
    const from = Math.round(start.left / Math.max(1, track.clientWidth));
    const step = Math.abs(dx) > track.clientWidth * SWIPE_THRESHOLD ? (dx < 0 ? 1 : -1) : 0;
    goTo(from + step);
    setPaused(false);
  };
  // A drag that moved is not a click on the item's link.
  const onClickCapture = (event: MouseEvent) => {
    const track = trackRef.current;
    if (track && Math.abs(track.scrollLeft - current * track.clientWidth) > 8) {
      event.preventDefault();
    }
  };

  const onItemClick = (event: MouseEvent, item: HeadlineItem) => {
    if (item.id === BONUS_CODES_ITEM_ID && !signedIn) {
      event.preventDefault();
      showToast(BONUS_CODES_SIGN_IN_TOAST);
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={trackRef}
        className={`flex overflow-x-auto rounded-xl border border-accent bg-card motion-reduce:scroll-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden ${
          hydrated ? "cursor-grab touch-pan-y select-none" : ""
        } ${dragging ? "snap-none" : "snap-x snap-mandatory"}`}
        data-testid="carousel-track"
        onPointerDown={hydrated ? onPointerDown : undefined}
        onPointerMove={hydrated ? onPointerMove : undefined}
        onPointerUp={hydrated ? endDrag : undefined}
        onPointerCancel={hydrated ? endDrag : undefined}
        onClickCapture={hydrated ? onClickCapture : undefined}
      >
        {HEADLINES.map((item, index) => (
          <li
            key={item.id}
            id={slideId(index)}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="w-full shrink-0 snap-center snap-always"
            data-testid="carousel-item"
          >
            <Link
              to={item.to}
              onClick={(event) => onItemClick(event, item)}
              draggable={false}
              // The strip clips anything outside it, so keyboard focus is drawn inside the item.
              className="flex min-h-32 flex-col items-center justify-center rounded-xl px-6 py-6 text-center hover:bg-accent/40 focus-visible:bg-accent/40 focus-visible:outline-offset-[-4px]"
            >
              <span className="font-display text-3xl font-bold uppercase tracking-wide text-primary sm:text-5xl">
                {item.id === TOTAL_WAGERED_ITEM_ID ? (
                  <>
                    +<TotalWagered value={totalWagered} /> {item.headline}
                  </>
                ) : (
                  item.headline
                )}
              </span>
              <span className="mt-2 text-sm text-muted sm:text-base">{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <nav aria-label="Highlights" className="mt-3 flex flex-wrap justify-center gap-1">
        {HEADLINES.map((item, index) => (
          <a
            key={item.id}
            href={`#${slideId(index)}`}
            aria-label={`Show ${index + 1}: ${item.headline}`}
            aria-current={hydrated && index === current ? "true" : undefined}
            onClick={
              hydrated
                ? (event) => {
                    event.preventDefault();
                    goTo(index);
                  }
                : undefined
            }
            className="flex h-6 w-6 items-center justify-center rounded-full"
          >
            <span
              className={`block h-2.5 w-2.5 rounded-full ${
                hydrated && index === current ? "bg-primary" : "bg-muted"
              }`}
            />
          </a>
        ))}
      </nav>
    </section>
  );
}

/** The community's total wagered: exact on the server's render, counting up with JavaScript. */
function TotalWagered({ value }: { value: number }) {
  const shown = useCountUp(value);
  return (
    <span data-testid="total-wagered" data-value={value}>
      {formatWholeUsd(shown)}
    </span>
  );
}
