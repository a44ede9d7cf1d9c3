// "Did you mean …?": the hints that name the value an operator probably meant.

/** Levenshtein distance, for "did you mean …?" hints. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] ?? 0;
}

/** The closest candidate within a sensible distance, or undefined. */
export function closest(value: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  const lower = value.toLowerCase();
  if (lower.length > 200) return undefined;
  for (const c of candidates) {
    const score = editDistance(lower, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(best.length / 3));
  // A "suggestion" that replaces every character ('xx' → 'ar') guesses nothing: list the values instead.
  const related = bestScore < Math.max(lower.length, best.length);
  return bestScore <= limit && related ? best : undefined;
}

/** The closest candidate as a hint, or undefined. */
export function didYouMean(value: string, candidates: readonly string[]): string | undefined {
  const best = closest(value, candidates);
  return best === undefined ? undefined : `did you mean '${best}'?`;
}

export function listHint(candidates: readonly string[], max = 12): string {
  const shown = candidates.slice(0, max).map((c) => `'${c}'`);
  return `expected one of ${shown.join(", ")}${candidates.length > max ? ", …" : ""}`;
}
