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
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      try {
        resolve(task());
      } catch (err) {
        reject(err);
      }
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(run, 0));
    setTimeout(run, typeof requestAnimationFrame === "function" ? 250 : 0);
  });
}
