import { Link } from "@remix-run/react";
import { RankBadge } from "./RankBadge";

/** How big the name is: in a table row, or as a card's headline. */
const LOOKS = {
  row: { text: "font-bold", link: "hover:text-primary hover:underline" },
  card: { text: "truncate font-display text-xl font-bold", link: "hover:text-primary" },
} as const;

/**
 * A player's name with their tier badge (from the all-time total, when known); with `href` the
 * name links there (a page's own stats panel, say) without scrolling to the top.
 */
export function PlayerName({
  name,
  allTime,
  href,
  look = "row",
  as: Wrapper = "span",
  className = "",
}: {
  name: string;
  allTime?: number;
  href?: string;
  look?: keyof typeof LOOKS;
  as?: "span" | "p";
  className?: string;
}) {
  const { text, link } = LOOKS[look];
  return (
    <Wrapper className={`flex flex-wrap items-center gap-2 ${className}`.trim()}>
      {href ? (
        <Link to={href} preventScrollReset className={`${text} ${link}`}>
          {name}
        </Link>
      ) : (
        <span className={text}>{name}</span>
      )}
      {allTime === undefined ? null : <RankBadge allTime={allTime} />}
    </Wrapper>
  );
}
