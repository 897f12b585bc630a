// React 18.3.1's streaming renderer wrote a whole 2,048-byte chunk when a multi-byte character
// did not fit its end, so the page carried NUL bytes there (react#26228, patches/, decision 0083):
// invisible in the text, "\uFFFD" in an attribute, and a crawler's end of the page.
import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { expect, it } from "vitest";

function streamed(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(sink);
      },
      onShellError: reject,
    });
  });
}

it("streams multi-byte characters across the renderer's chunk ends without NUL bytes", async () => {
  // Short texts are copied into the renderer's chunk; each padding puts a check mark's three
  // bytes at another place around a chunk's end.
  for (let padding = 0; padding < 12; padding += 1) {
    const page = (
      <ul title={"b".repeat(padding)}>
        {Array.from({ length: 400 }, (_, i) => (
          <li key={i}>✓ ü</li>
        ))}
      </ul>
    );
    const html = (await streamed(page)).toString("utf8");
    expect(html.indexOf("\u0000")).toBe(-1);
    expect(html === renderToString(page)).toBe(true);
  }
});
