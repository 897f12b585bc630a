import { useEffect, useRef, useState } from "react";

export const PROMOTION_PLACEHOLDER = "/promotions/placeholder.svg";

/** A promotion's image, replaced by the placeholder when it fails (also if it failed before hydration). */
export function PromotionImage({
  src,
  alt,
  className,
}: {
  src: string;
  alt: string;
  className: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed ? PROMOTION_PLACEHOLDER : src}
      onError={() => setFailed(true)}
      width={640}
      height={360}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
