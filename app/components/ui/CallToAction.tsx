import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./buttons";

/**
 * A link that looks like a button: to another site (`https://...`) it opens in a new tab without
 * an opener; inside the site it is a Link (`reloadDocument`: a full page load, as a plain link).
 * `className` adds the size and spacing.
 */
export function CallToAction({
  to,
  children,
  secondary = false,
  reloadDocument = false,
  className = "",
}: {
  to: string;
  children: ReactNode;
  secondary?: boolean;
  reloadDocument?: boolean;
  className?: string;
}) {
  const look = `${secondary ? SECONDARY_BUTTON : PRIMARY_BUTTON} ${className}`.trim();
  if (/^https?:\/\//.test(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" className={look}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} reloadDocument={reloadDocument} className={look}>
      {children}
    </Link>
  );
}
