// The calls of schema/api/payment.json: the payment list, prices, pay orders, prepaid cards, order status.
import { cardForPay, cardInfo, cardPay } from "../domain/cards.ts";
import { orderInfo, orderList } from "../domain/order-status.ts";
import { countryList, payStart, productPoints } from "../domain/payments.ts";
import { callRoutes } from "./calls.ts";

export const paymentRoutes = callRoutes("payment.json", {
  countryList: ({ platform, params, caller }) => countryList(platform, params, caller.origin),
  productPoints: ({ platform, params, caller }) => productPoints(platform, params, caller),
  payStart: ({ platform, params, caller, path }) => payStart(platform, params, caller, path),
  cardInfo: ({ platform, params, caller }) => cardInfo(platform, params, caller),
  // The card's password is checked before the exchange's transaction (docs/security.md, "Where features meet").
  cardPay: {
    check: ({ platform, params, caller }) => cardForPay(platform, params, caller),
    answer: ({ platform, params, caller }, card) => cardPay(platform, params, caller, card),
  },
  orderInfo: ({ platform, params, caller }) => orderInfo(platform, params, caller),
  orderList: ({ platform, params, caller }) => orderList(platform, params, caller),
});
