import { useEffect, useRef } from "react";

type NavigatorWithConnection = Navigator & {
  connection?: { saveData?: boolean; effectiveType?: string };
};

/** Connections too slow to spend on a video the visitor did not ask for (Network Information API). */
const SLOW_CONNECTIONS = new Set(["slow-2g", "2g", "3g"]);

/**
 * A muted promo video: the poster first and `preload="none"`, so a phone downloads nothing until
 * it plays. With JavaScript it starts on its own unless Save-Data or reduced motion is asked for,
 * or the connection is slow.
 * Without a video file only the poster image is shown.
 */
export function PromoVideo({
  src,
  poster,
  label,
  className = "",
}: {
  src: string | null;
  poster: string;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const connection = (navigator as NavigatorWithConnection).connection;
    const saveData = connection?.saveData === true;
    const slow = SLOW_CONNECTIONS.has(connection?.effectiveType ?? "");
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (saveData || slow || reducedMotion) return;
    // A browser may still refuse autoplay; the poster then stays, which is fine.
    video.play().catch(() => undefined);
  }, [src]);

  const sizing = `aspect-video w-full rounded-xl border border-accent bg-card object-cover ${className}`;
  if (!src) {
    return <img src={poster} width={640} height={360} alt={label} className={sizing} />;
  }
  return (
    <video
      ref={ref}
      muted
      loop
      playsInline
      controls
      preload="none"
      poster={poster}
      width={640}
      height={360}
      aria-label={label}
      className={sizing}
    >
      <source src={src} type="video/mp4" />
    </video>
  );
}
