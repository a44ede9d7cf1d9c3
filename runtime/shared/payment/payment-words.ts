// The player's language's words for payment-method names (locales `payment.word.*`, `payment.withWord`),
// for the catalogue's display names wherever a method is named (picker, order history, result).
import { useMemo } from "react";
import { type DisplayWords, methodName } from "../../lib/payment/methods.ts";
import { useTranslation } from "../../lib/use-translation.ts";

export function usePaymentWords(): DisplayWords {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      word: (word) => t(`payment.word.${word}`),
      withWord: (provider, word) => t("payment.withWord", { provider, word }),
    }),
    [t],
  );
}

export type MethodNamer = (order: { payway_id?: number; payway_name?: string }) => string;

/** Names an order's method from the catalogue; the platform's name only for a method the catalogue does not know. */
export function useMethodName(): MethodNamer {
  const words = usePaymentWords();
  return (order) => methodName(order.payway_id, words, order.payway_name ?? "");
}
