// runtime/lib/after-paint.ts: a tap's side work runs once, after the tap's frame, or on a timer when
// no frame comes (a hidden page).
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterPaint } from "../runtime/lib/after-paint.ts";

describe("afterPaint", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("runs the task once, on the task after the frame, not before the frame", async () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    const task = vi.fn(() => "done");
    const result = afterPaint(task);
    await vi.advanceTimersByTimeAsync(10);
    expect(task).not.toHaveBeenCalled();
    for (const frame of frames.splice(0)) frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toBe("done");
    // The fallback timer is gone: the task never runs a second time.
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs the task once on a 250 ms timer when no frame comes, and not again when one does", async () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    const task = vi.fn();
    void afterPaint(task);
    await vi.advanceTimersByTimeAsync(249);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    for (const frame of frames.splice(0)) frame();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
