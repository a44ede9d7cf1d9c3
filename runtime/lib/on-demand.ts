// A function whose code is not in the first script: it is loaded when first called, or once the first
// content is on screen (./first-content.ts), whichever comes first. Calls made while it loads run
// when it is in, in the order they were made; calls after that run at once, as a function of the
// first script would.
import { onFirstContent } from "./first-content.ts";
import { retryLoad } from "./retry-load.ts";

export function onDemand<Args extends unknown[]>(
  load: () => Promise<(...args: Args) => void>,
  preload: () => Promise<void> = onFirstContent,
): (...args: Args) => void {
  let loaded: ((...args: Args) => void) | undefined;
  let loading: Promise<(...args: Args) => void> | undefined;
  const start = () => {
    loading ??= retryLoad(load).then(
      (fn) => {
        loaded = fn;
        return fn;
      },
      (error: unknown) => {
        // Not kept: the next call tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  void preload()
    .then(start)
    .catch(() => undefined);
  return (...args) => {
    if (loaded) loaded(...args);
    // A load that keeps failing online drops the call: its code cannot run (lib/retry-load.ts).
    else
      void start().then(
        (fn) => fn(...args),
        () => undefined,
      );
  };
}
