import { createContext, useContext } from "react";
import { useNonce } from "~/lib/nonce";

// The site's stylesheet, written into the head of every page (docs/decisions/0030): a first view
// paints without waiting for a second request. The server provides the text (entry.server.tsx);
// the browser's copy is "" and React leaves the server's <style> as it is when hydrating (a
// dangerouslySetInnerHTML difference is never patched, only reported in development).
const StylesheetContext = createContext("");

export const StylesheetProvider = StylesheetContext.Provider;

export function InlineStylesheet() {
  const css = useContext(StylesheetContext);
  const nonce = useNonce();
  return (
    <style
      id="site-stylesheet"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: css }}
      suppressHydrationWarning
    />
  );
}
