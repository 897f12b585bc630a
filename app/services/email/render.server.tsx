import type { CSSProperties } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { PreferenceKey } from "~/domain/account-forms";
import { PREFERENCE_EMAIL_NAMES } from "~/domain/email";
import type { EmailContent } from "~/domain/email-templates";

/**
 * Lays a message's words (app/domain/email-templates.ts) out as the e-mail's two parts
 * (docs/product.md §P10): plain text, and simple inline-styled HTML that reads fine with images
 * blocked, rendered by React so every value is escaped by the renderer, not by hand.
 */

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailLinks {
  siteOrigin: string;
  /** The signed page that turns the governing preference off; absent for the confirmation mail. */
  unsubscribe?: { url: string; preference: PreferenceKey };
}

const INDEPENDENCE = "GoatedVIPs is an independent community site, not operated by Goated.";

const PARAGRAPH: CSSProperties = {
  margin: "0 0 16px",
  fontSize: "16px",
  lineHeight: "24px",
  color: "#111111",
};
const SMALL: CSSProperties = {
  margin: "0 0 8px",
  fontSize: "13px",
  lineHeight: "20px",
  color: "#555555",
};
const LINK: CSSProperties = { color: "#1a4dd6" };
const BUTTON: CSSProperties = {
  display: "inline-block",
  padding: "12px 20px",
  background: "#D7FF00",
  color: "#111111",
  fontWeight: "bold",
  textDecoration: "none",
  borderRadius: "6px",
};

function EmailDocument({
  content,
  footer,
  preferencesUrl,
  unsubscribe,
}: {
  content: EmailContent;
  footer: string;
  preferencesUrl: string;
  unsubscribe: EmailLinks["unsubscribe"];
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{content.subject}</title>
      </head>
      <body
        style={{
          margin: "0",
          padding: "0",
          background: "#f4f4f5",
          fontFamily: "Arial,Helvetica,sans-serif",
        }}
      >
        <div
          style={{ maxWidth: "560px", margin: "0 auto", padding: "24px", background: "#ffffff" }}
        >
          <p
            style={{
              margin: "0 0 24px",
              fontSize: "14px",
              fontWeight: "bold",
              letterSpacing: "1px",
              color: "#555555",
            }}
          >
            GOATEDVIPS
          </p>
          {content.image ? (
            <img
              src={content.image.url}
              alt={content.image.alt}
              width="64"
              height="64"
              style={{ display: "block", margin: "0 0 16px", border: "0" }}
            />
          ) : null}
          <h1
            style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "30px", color: "#111111" }}
          >
            {content.heading}
          </h1>
          {content.paragraphs.map((paragraph, index) => (
            <p key={index} style={PARAGRAPH}>
              {paragraph}
            </p>
          ))}
          {content.action ? (
            <>
              <p style={{ margin: "24px 0" }}>
                <a href={content.action.url} style={BUTTON}>
                  {content.action.label}
                </a>
              </p>
              <p style={PARAGRAPH}>
                Or open this link:{" "}
                <a href={content.action.url} style={LINK}>
                  {content.action.url}
                </a>
              </p>
            </>
          ) : null}
          <hr style={{ border: "0", borderTop: "1px solid #dddddd", margin: "24px 0" }} />
          <p style={SMALL}>{footer}</p>
          <p style={SMALL}>
            {unsubscribe ? (
              <>
                <a href={unsubscribe.url} style={LINK}>
                  Unsubscribe from {PREFERENCE_EMAIL_NAMES[unsubscribe.preference]}
                </a>
                {" · "}
              </>
            ) : null}
            <a href={preferencesUrl} style={LINK}>
              Your preferences
            </a>
          </p>
          <p style={SMALL}>{INDEPENDENCE}</p>
        </div>
      </body>
    </html>
  );
}

/** Lays a message out as plain text and HTML, with the unsubscribe footer when it has one. */
export function renderEmail(content: EmailContent, links: EmailLinks): RenderedEmail {
  const footer = links.unsubscribe
    ? `You receive this because ${PREFERENCE_EMAIL_NAMES[links.unsubscribe.preference]} are on in your notification preferences.`
    : "You receive this because someone registered or asked for e-mail with this address on GoatedVIPs.";
  const preferencesUrl = `${links.siteOrigin}/notification-preferences`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "--",
    footer,
    ...(links.unsubscribe ? [`Unsubscribe: ${links.unsubscribe.url}`] : []),
    `Your preferences: ${preferencesUrl}`,
    INDEPENDENCE,
  ].join("\n");
  const html = `<!doctype html>${renderToStaticMarkup(
    <EmailDocument
      content={content}
      footer={footer}
      preferencesUrl={preferencesUrl}
      unsubscribe={links.unsubscribe}
    />,
  )}`;
  return { subject: content.subject, text, html };
}
