import type { MetaDescriptor } from "@remix-run/node";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from "~/domain/share-cards";

/** A page's unique title and description. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} | GoatedVIPs` }, { name: "description", content: description }];
}

/**
 * A page's Open Graph and Twitter tags naming its result card (docs/decisions/0074): `image` is
 * the card's absolute URL.
 */
export function shareCardMeta({
  title,
  description,
  image,
}: {
  title: string;
  description: string;
  image: string;
}): MetaDescriptor[] {
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "GoatedVIPs" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_CARD_WIDTH) },
    { property: "og:image:height", content: String(SHARE_CARD_HEIGHT) },
    { property: "og:image:alt", content: description },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
