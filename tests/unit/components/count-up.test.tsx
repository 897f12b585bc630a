// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useCountUp } from "~/components/leaderboard/use-count-up";

function Shown({ value }: { value: number }) {
  return <span>{Math.round(useCountUp(value))}</span>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance"] });
  window.matchMedia = vi.fn().mockReturnValue({ matches: false });
});
afterEach(() => vi.useRealTimers());

it("hydrates on the server's figure without counting up from 0, and counts from it on a change", () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Shown value={1_000_000} />);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  act(() => {
    root = hydrateRoot(container, <Shown value={1_000_000} />);
  });
  const texts = [container.textContent];
  for (let frame = 0; frame < 70; frame += 1) {
    act(() => vi.advanceTimersByTime(16));
    texts.push(container.textContent);
  }
  expect(new Set(texts)).toEqual(new Set(["1000000"]));

  // A live update counts from the figure shown to the new one, never below the old one.
  act(() => root?.render(<Shown value={1_001_000} />));
  const seen: number[] = [];
  for (let frame = 0; frame < 70; frame += 1) {
    act(() => vi.advanceTimersByTime(16));
    seen.push(Number(container.textContent));
  }
  expect(Math.min(...seen)).toBeGreaterThanOrEqual(1_000_000);
  expect(seen.at(-1)).toBe(1_001_000);
  act(() => root?.unmount());
});
