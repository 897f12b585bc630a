import { useEffect, useState } from "react";
import { ArrowUpIcon } from "~/components/ui/icons";

const SHOW_AFTER_PX = 300;

/**
 * Appears once the page is scrolled more than 300 px (docs/product.md §P2), on the bottom bar
 * beside the support button (above it in the gutter from 1280 px); needs JavaScript to exist.
 */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => {
        const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
      }}
      className="fixed bottom-1.5 right-[4.25rem] z-40 xl:bottom-24 xl:right-[1.375rem] flex h-11 w-11 items-center justify-center rounded-full border border-accent bg-card text-primary shadow-lg hover:border-primary"
    >
      <ArrowUpIcon />
    </button>
  );
}
