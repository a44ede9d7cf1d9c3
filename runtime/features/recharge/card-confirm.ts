// The card exchange confirm's second line (spec §4 'Card exchange'): only when the card credits gems
// or extra gems, and the bonus named only when there is one (never "+0 bonus").

export type GemsLine = "card.confirmGems" | "card.confirmGemsOnly" | "card.confirmBonusOnly";

export function cardGemsLine(gems: number, extra: number): GemsLine | null {
  if (gems > 0 && extra > 0) return "card.confirmGems";
  if (gems > 0) return "card.confirmGemsOnly";
  if (extra > 0) return "card.confirmBonusOnly";
  return null;
}
