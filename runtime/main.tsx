// Entry of the shared runtime: find this page's brand, load its module and language, render.
// The design system's sheet comes first: every other sheet follows it in the cascade.
import "./ui/styles.css";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { bootstrap } from "./app/bootstrap.ts";
import { afterFirstContent } from "./lib/first-content.ts";
import { nextTask } from "./lib/next-task.ts";
import { preventSafariDoubleTap } from "./lib/quirks.ts";

preventSafariDoubleTap();

const container = document.getElementById("root");
if (container) {
  bootstrap(window.location)
    .then(async (boot) => {
      const root = createRoot(container);
      // React's set-up and the first render's slices are tasks of their own (lib/next-task.ts).
      await nextTask();
      // As a transition React renders in slices, yielding to the browser, so the first render is no
      // long task that would hold up a tap.
      startTransition(() => root.render(<App boot={boot} />));
      // The installable app is nothing the first screen needs: its code comes after the first content.
      void afterFirstContent()
        .then(() => import("./lib/pwa.ts"))
        .then((pwa) => {
          pwa.trackInstall(boot.services.tracker);
          pwa.registerServiceWorker();
        })
        .catch(() => undefined);
    })
    .catch((err: unknown) => {
      console.error(err);
      void import("./features/errors/UnknownBrandPage.tsx").then(({ UnknownBrandPage }) =>
        createRoot(container).render(<UnknownBrandPage />),
      );
    });
}
