import { Link } from "@remix-run/react";
import { showToast } from "~/lib/client-toast";

const NOT_OPEN = "Newsletter sign-up isn't open yet.";

/**
 * The footer's newsletter box. docs/product.md §P1/§P7: its submit is blocked and makes no call, so it is not a
 * <form> (a form would submit on Enter without JavaScript); members get e-mail updates through
 * their notification preferences instead.
 */
export function NewsletterBox() {
  return (
    <div className="space-y-3">
      <h2 className="font-display text-sm font-bold uppercase tracking-widest text-primary">
        Newsletter
      </h2>
      <label htmlFor="newsletter-email" className="block text-sm text-muted">
        Race results, new codes and promotions in your inbox.
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-describedby="newsletter-note"
          className="min-w-0 flex-1 rounded-md border border-accent bg-page px-3 py-2 text-sm placeholder:text-muted focus:border-primary focus:outline-none"
        />
        <button
          type="button"
          onClick={() =>
            showToast({
              title: NOT_OPEN,
              description: "Members can turn on e-mail updates in their notification preferences.",
            })
          }
          className="rounded-md bg-accent px-4 py-2 text-sm font-bold hover:text-primary"
        >
          Subscribe
        </button>
      </div>
      <p id="newsletter-note" className="text-xs text-muted">
        {NOT_OPEN} Members can choose e-mail updates in{" "}
        <Link to="/notification-preferences" className="underline hover:text-primary">
          notification preferences
        </Link>
        .
      </p>
    </div>
  );
}
