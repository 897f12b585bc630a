// The two button looks of the site, for links and buttons alike. A long label wraps rather than
// pushing the page sideways on a narrow phone. 14 px unless a caller sets a larger step of the type
// scale (docs/decisions/0106).
const BASE =
  "inline-flex items-center justify-center gap-2 text-center rounded-md font-display text-sm font-bold uppercase tracking-wide";

export const PRIMARY_BUTTON = `${BASE} bg-primary text-primary-foreground hover:brightness-110`;
export const SECONDARY_BUTTON = `${BASE} border border-accent hover:border-primary hover:text-primary`;
