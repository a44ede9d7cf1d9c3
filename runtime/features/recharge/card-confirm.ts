// The card exchange confirm's second line: only when the card credits gems
// or extra gems, the bonus named only when there is one beside the gems (never "+0 bonus"), and
// the count in the language's plural form.

export interface GemsLine {
  key: "card.confirmGems" | "card.confirmGemsOnly";
  /** The count the sentence's plural form follows, and the bonus it names. */
  values: { count: number; extra: number };
}

export function cardGemsLine(gems: number, extra: number): GemsLine | null {
  if (gems > 0 && extra > 0) return { key: "card.confirmGems", values: { count: gems, extra } };
  // A card of bonus gems only: what the player receives is those gems.
  if (gems > 0 || extra > 0) return { key: "card.confirmGemsOnly", values: { count: gems + extra, extra: 0 } };
  return null;
}
