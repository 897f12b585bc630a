// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "~/components/ui/Toaster";
import { showToast } from "~/lib/client-toast";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("Toaster", () => {
  it("shows the server's flash toast and dismisses it after 5 s", () => {
    render(
      <Toaster
        serverToast={{
          id: "t1",
          type: "success",
          title: "Preferences Updated",
          description: "Your notification preferences have been saved successfully.",
        }}
      />,
    );
    const toast = screen.getByRole("status");
    expect(toast.textContent).toContain("Preferences Updated");
    expect(toast.dataset.toastType).toBe("success");
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByRole("status")).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows one toast at a time: a new one replaces the old", () => {
    render(<Toaster serverToast={{ id: "t2", type: "default", title: "First" }} />);
    act(() => showToast({ title: "Second", type: "destructive" }));
    const toasts = screen.getAllByRole("status");
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.textContent).toContain("Second");
    expect(toasts[0]?.dataset.toastType).toBe("destructive");
  });

  it("can be dismissed by its close button", () => {
    render(<Toaster serverToast={{ id: "t3", type: "default", title: "Hello" }} />);
    act(() => screen.getByRole("button", { name: "Dismiss notification" }).click());
    expect(screen.queryByRole("status")).toBeNull();
  });
});
