// "Did you mean …?": the hints that name the value an operator probably meant, among the values of
// the same kind only, and only when it is a small slip away.
import { clip } from "./diagnostic.ts";

/**
 * Edits between two texts: a letter inserted, removed or changed, or two neighbours swapped, each
 * counts one (optimal string alignment): `mae` is one swap from `mea`, two edits from `ja`.
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Edits a suggestion may be away: for a code of two letters only a swap (any other edit of half of
 * it guesses: 'EU' is not 'AU'), one for three letters, about one in three beyond.
 */
const allowedEdits = (length: number) => (length <= 3 ? 1 : Math.max(2, Math.floor(length / 3)));

/** The same letters in another order: a slip of the fingers, preferred over a changed letter. */
const sameLetters = (a: string, b: string) => [...a].sort().join("") === [...b].sort().join("");

/** The closest candidate within a small distance, or undefined. */
export function closest(value: string, candidates: readonly string[]): string | undefined {
  const lower = value.toLowerCase();
  if (lower.length > 200) return undefined;
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    const score = editDistance(lower, other);
    const better =
      score < bestScore ||
      (score === bestScore && best !== undefined && sameLetters(lower, other) && !sameLetters(lower, best.toLowerCase()));
    if (better) {
      best = candidate;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  // A "suggestion" that replaces every character ('xx' → 'ar') guesses nothing: list the values instead.
  const related = bestScore < Math.max(lower.length, best.length);
  const slip = lower.length > 2 || bestScore === 0 || sameLetters(lower, best.toLowerCase());
  return bestScore <= allowedEdits(lower.length) && related && slip ? best : undefined;
}

/** The closest candidate as a hint, or undefined. */
export function didYouMean(value: string, candidates: readonly string[]): string | undefined {
  const best = closest(value, candidates);
  return best === undefined ? undefined : `did you mean '${clip(best)}'?`;
}

export function listHint(candidates: readonly string[], max = 12): string {
  const shown = candidates.slice(0, max).map((c) => `'${clip(c, 40)}'`);
  return `expected one of ${shown.join(", ")}${candidates.length > max ? ", …" : ""}`;
}
