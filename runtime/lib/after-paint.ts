// Work a tap starts but its answer on screen does not need: run once the tap's frame is painted, so
// the interaction's latency is the handler and the frame alone (docs/performance.md, "Interaction
// latency"). A task queued from an animation frame callback runs after that frame's paint.

/**
 * Runs `task` once the current frame is painted. A page hidden before its next frame gets no
 * animation frames: the task then runs on a timer; where there are no frames at all (tests), on the
 * next task.
 */
export function afterPaint<T>(task: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const frames = typeof requestAnimationFrame === "function";
    let done = false;
    const run = () => {
      // The task runs once: on the frame's task, or on the fallback timer, whichever comes first.
      if (done) return;
      done = true;
      clearTimeout(fallback);
      try {
        resolve(task());
      } catch (err) {
        reject(err);
      }
    };
    const fallback = setTimeout(run, frames ? 250 : 0);
    if (frames) requestAnimationFrame(() => setTimeout(run, 0));
  });
}

/** From a tap or a key press until the frame that answers it is painted. */
let answering = false;
let watching = false;

/**
 * Watches the page's taps and key presses (capture phase, passive), so that `afterAnswer` knows
 * when one is being answered. Called once at the start.
 */
export function watchInteractions(): void {
  if (watching || typeof addEventListener !== "function") return;
  watching = true;
  const started = () => {
    if (answering) return;
    answering = true;
    void afterPaint(() => {
      answering = false;
    });
  };
  for (const type of ["pointerdown", "pointerup", "click", "keydown"]) addEventListener(type, started, { capture: true, passive: true });
}

/**
 * Runs `task` now, or, while a tap is being answered, once its frame is painted: a request a tap
 * starts (a list its popup shows, a price its choice changes) costs a slow phone milliseconds of
 * main thread that the tap's answer, a skeleton or a highlight, does not have to wait for.
 */
export function afterAnswer<T>(task: () => T): T | Promise<T> {
  return answering ? afterPaint(task) : task();
}
