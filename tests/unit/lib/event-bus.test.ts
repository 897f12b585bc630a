import { describe, expect, it, vi } from "vitest";
import { InProcessEventBus } from "~/server/event-bus.server";
import { logger } from "~/server/logger.server";

interface TestEvents {
  "race.completed": { raceId: number };
  "leaderboard.updated": { at: string };
}

describe("InProcessEventBus", () => {
  it("delivers a message to every subscriber of its topic, and only of its topic", () => {
    const bus = new InProcessEventBus<TestEvents>();
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    bus.subscribe("race.completed", first);
    bus.subscribe("race.completed", second);
    bus.subscribe("leaderboard.updated", other);

    bus.publish("race.completed", { raceId: 7 });

    expect(first).toHaveBeenCalledWith({ raceId: 7 });
    expect(second).toHaveBeenCalledWith({ raceId: 7 });
    expect(other).not.toHaveBeenCalled();
  });

  it("stops delivering after unsubscribe", () => {
    const bus = new InProcessEventBus<TestEvents>();
    const handler = vi.fn();
    const unsubscribe = bus.subscribe("race.completed", handler);
    unsubscribe();
    bus.publish("race.completed", { raceId: 1 });
    expect(handler).not.toHaveBeenCalled();
  });

  it("keeps delivering to the others when one subscriber throws", () => {
    const bus = new InProcessEventBus<TestEvents>();
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const after = vi.fn();
    bus.subscribe("race.completed", () => {
      throw new Error("boom");
    });
    bus.subscribe("race.completed", after);
    bus.publish("race.completed", { raceId: 2 });
    expect(after).toHaveBeenCalledWith({ raceId: 2 });
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("publishing with no subscriber is harmless", () => {
    const bus = new InProcessEventBus<TestEvents>();
    expect(() => bus.publish("leaderboard.updated", { at: "now" })).not.toThrow();
  });
});
