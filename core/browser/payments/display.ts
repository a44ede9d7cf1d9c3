// A payment method's name as players see it (schema/payment-methods.json `display`), in any language:
// the provider's product name as is, the word of what it is translated, or both joined.
import type { PaymentKind, PaymentMethodDisplay, PaymentWord } from "../generated/payment-types.ts";

export type { PaymentKind, PaymentMethodDisplay, PaymentWord };

/** One language's words (locales `payment.word.*`) and how it joins a provider to a word (`payment.withWord`). */
export interface DisplayWords {
  word: (word: PaymentWord) => string;
  withWord: (provider: string, word: string) => string;
}

export function displayName(display: PaymentMethodDisplay, words: DisplayWords): string {
  const { provider, word } = display;
  if (provider !== undefined && word !== undefined) return words.withWord(provider, words.word(word));
  if (provider !== undefined) return provider;
  return word !== undefined ? words.word(word) : "";
}
