// How a right-to-left page draws its Latin and number runs: every run (a price, a percent, a goods
// name, a username) must be drawn in its own order, left to right, however the Arabic around it
// flows. Measured on the page as drawn (each character's box), so it holds whatever isolates the run.
import type { Page } from "@playwright/test";

/** A run drawn out of its own order: its text, and the text as it appears from left to right. */
export interface MisorderedRun {
  run: string;
  drawn: string;
}

/**
 * The Latin and number runs inside right-to-left text of the page whose characters are not drawn
 * left to right (on each line they take). A run is words of Latin letters and digits with what
 * joins them inside a value (`4.59`, `aurora_vip`, `twitter:alice`), a sign, currency or times sign
 * before and a percent after (`−8%`, `$4.99`, `×2`), and the spaces between such words (`300 Gems`, `RM 12.00`).
 */
export function misorderedRuns(page: Page): Promise<MisorderedRun[]> {
  return page.evaluate(() => {
    const token = String.raw`[+\-−#×\p{Sc}]?[\p{Script=Latin}\p{Nd}](?:[\p{Script=Latin}\p{Nd}.,:@/'_\-]*[\p{Script=Latin}\p{Nd}])?%?`;
    const runPattern = new RegExp(`${token}(?: +${token})*`, "gu");
    // Direction marks and isolates are invisible: a run is read as if they were not there.
    const invisible = /[\u200e\u200f\u061c\u2066-\u2069]/u;
    const found: { run: string; drawn: string }[] = [];
    if (document.documentElement.dir !== "rtl") return found;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      if (!parent?.checkVisibility({ visibilityProperty: true }) || parent.closest("script, style, option")) continue;
      // The text with the invisible marks taken out, and where each kept character sits in the node.
      const kept: number[] = [];
      let text = "";
      for (let i = 0; i < node.data.length; i++) {
        const ch = node.data[i] ?? "";
        if (invisible.test(ch)) continue;
        kept.push(i);
        text += ch;
      }
      for (const match of text.matchAll(runPattern)) {
        const start = match.index ?? 0;
        const boxes: { ch: string; left: number; top: number; height: number }[] = [];
        for (let k = start; k < start + match[0].length; k++) {
          const ch = text[k] ?? "";
          if (ch === " ") continue;
          const at = kept[k] ?? 0;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const box = range.getBoundingClientRect();
          if (box.width > 0 && box.height > 0) boxes.push({ ch, left: box.left, top: box.top, height: box.height });
        }
        // On each line the run takes, its characters go left to right.
        const backwards = boxes.some((box, i) => {
          const before = boxes[i - 1];
          return before !== undefined && Math.abs(box.top - before.top) < box.height / 2 && box.left < before.left - 0.5;
        });
        if (backwards) {
          const drawn = [...boxes]
            .sort((a, b) => a.top - b.top || a.left - b.left)
            .map((box) => box.ch)
            .join("");
          found.push({ run: match[0], drawn });
        }
      }
    }
    return found;
  });
}
