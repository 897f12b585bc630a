import { describe, expect, it } from "vitest";
import { RenderQueueFull, renderQueue } from "~/server/render-queue.server";

// The bound in front of the Open Graph cards' drawing (docs/decisions/0074): tasks run one at a
// time, a few wait, the rest are refused at once with a Retry-After, and a refused or failed task
// leaves the queue as it found it.

/** A task that runs until `finish` is called, recording when it started. */
function heldTask(started: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe("renderQueue", () => {
  it("runs one task at a time in arrival order, keeps `waiting` in line, refuses the next", async () => {
    const queue = renderQueue({ running: 1, waiting: 2, retryAfterSeconds: 3 });
    const started: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => heldTask(started, name));
    if (!a || !b || !c || !d) throw new Error("four tasks");
    const runs = [queue.run(a.task), queue.run(b.task), queue.run(c.task)];
    const refused = await queue.run(d.task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RenderQueueFull);
    expect((refused as RenderQueueFull).retryAfterSeconds).toBe(3);
    await Promise.resolve();
    expect(started).toEqual(["a"]);

    a.finish();
    await expect(runs[0]).resolves.toBe("a");
    await Promise.resolve();
    expect(started).toEqual(["a", "b"]);
    // A place in line is free again: a new task waits rather than being refused.
    const [e] = ["e"].map((name) => heldTask(started, name));
    if (!e) throw new Error("a fifth task");
    const late = queue.run(e.task);
    b.finish();
    c.finish();
    e.finish();
    await expect(Promise.all([runs[1], runs[2], late])).resolves.toEqual(["b", "c", "e"]);
    expect(started).toEqual(["a", "b", "c", "e"]);
  });

  it("passes a task's failure on and runs the next task after it", async () => {
    const queue = renderQueue({ running: 1, waiting: 1, retryAfterSeconds: 1 });
    const failing = queue.run(() => Promise.reject(new Error("drawing failed")));
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("drawing failed");
    await expect(next).resolves.toBe("next");
    // Nothing is left running: two more fit again.
    await expect(
      Promise.all([queue.run(async () => 1), queue.run(async () => 2)]),
    ).resolves.toEqual([1, 2]);
  });
});
