import type { MetaDescriptor } from "@remix-run/node";

/** A page's unique title and description. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} | GoatedVIPs` }, { name: "description", content: description }];
}
