import { useEffect, useRef } from "react";

type NavigatorWithConnection = Navigator & { connection?: { saveData?: boolean } };

/**
 * A muted promo video: the poster first and `preload="none"`, so a phone downloads nothing until
 * it plays. With JavaScript it starts on its own unless Save-Data or reduced motion is asked for.
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
    const saveData = (navigator as NavigatorWithConnection).connection?.saveData === true;
    const reducedMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (saveData || reducedMotion) return;
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
