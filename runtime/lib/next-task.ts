// Start-up work in pieces: each `await nextTask()` ends the current task and goes on in a new one,
// so the browser can paint and answer a tap in between, and no piece is a long task that holds the
// player up (docs/performance.md, "Where the blocking time goes").

interface Yielding {
  yield?: () => Promise<void>;
}

/** Resolves in a new task: `scheduler.yield()` where the browser has it (it keeps the queue's place), else a message to self. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Yielding }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
