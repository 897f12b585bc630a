// The two button looks of the site, for links and buttons alike. A long label wraps rather than
// pushing the page sideways on a narrow phone.
const BASE =
  "inline-flex items-center justify-center gap-2 text-center rounded-md font-display font-extrabold uppercase tracking-wide";

export const PRIMARY_BUTTON = `${BASE} bg-primary text-primary-foreground hover:brightness-110`;
export const SECONDARY_BUTTON = `${BASE} border border-accent hover:border-primary hover:text-primary`;
