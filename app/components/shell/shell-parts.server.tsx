import { createContext, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server.js";
import type { ShellUser } from "~/domain/account";
import type { Toast } from "~/lib/toast";
import { Header } from "./Header";
import { ShellOverlays } from "./SiteShell";

/** The frame's per-user inputs: what the root loader reads for the request's user. */
export interface ShellState {
  user: ShellUser | null;
  toast: Toast | null;
}

/** The frame's parts that depend on the user, as the page's own render writes them. */
export interface ShellParts {
  header: string;
  overlays: string;
}

const ShellStateContext = createContext<ShellState>({ user: null, toast: null });

// Between the two parts in one render: a text node between two elements gets no separator.
const BETWEEN_PARTS = "\u0001";

function ShellPartsRoute() {
  const { user, toast } = useContext(ShellStateContext);
  return (
    <>
      <Header user={user} />
      {BETWEEN_PARTS}
      <ShellOverlays user={user} toast={toast} />
    </>
  );
}

const handler = createStaticHandler([{ id: "shell-parts", path: "*", Component: ShellPartsRoute }]);

/**
 * Renders the header and the overlays of the page at `url` on their own: under a static data
 * router at that URL (their links, the logout form and the active navigation entry read it), with
 * nothing else of the page's tree. They use no useId, so they come out as the page's render wrote
 * them; app/http/signed-in-documents.server.ts checks that for the visitor's parts on every page it
 * keeps, and tests/unit/lib/signed-in-documents.test.ts for signed-in users.
 */
export async function shellPartsRenderer(
  url: string,
): Promise<{ render(state: ShellState): ShellParts }> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`no shell route for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context, {
    future: { v7_relativeSplatPath: true },
  });
  return {
    render(state) {
      const html = renderToString(
        <ShellStateContext.Provider value={state}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ShellStateContext.Provider>,
      );
      const [header = "", overlays = ""] = html.split(BETWEEN_PARTS);
      return { header, overlays };
    },
  };
}
