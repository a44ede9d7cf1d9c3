// The order's facts on the result: before payment what was ordered (character, goods, amount, method,
// billing number); once paid the receipt (account, game, server, paid and delivered times too).
import type { OrderInfo } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { formatTime, localZone } from "../../lib/time.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useCurrentGame } from "../../shared/api/games.ts";
import { type MethodNamer, useMethodName } from "../../shared/payment/payment-words.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import type { OrderSelection } from "../../shared/session/order-selection.ts";
import { ClippedText } from "../../ui/clipped-text.tsx";

/** A row: its name, its value, and for a name that may be long the lines it may take (ui/clipped-text.tsx). */
type Row = [name: string, value: string | undefined, lines?: 1 | 3];

export interface OrderTableProps {
  billingNo: string;
  /** The platform's answer; undefined until the first check answers. */
  order: OrderInfo | undefined;
  receipt: boolean;
  /** The selection this store made the order from: shown until the first check answers. */
  mine: OrderSelection | undefined;
  /** The order already waiting (Repeat): made earlier, perhaps with another method than the one just picked. */
  ongoing: boolean;
}

export function OrderTable({ billingNo, order, receipt, mine, ongoing }: OrderTableProps) {
  const rows = useOrderRows({ billingNo, order, receipt, mine, ongoing });
  const iso = useIsolate();
  return (
    <dl className="sf-result__table" data-testid={receipt ? "result-receipt" : "result-order"} aria-busy={order === undefined}>
      {rows.map(([k, v, lines]) => (
        <div key={k}>
          <dt>{k}</dt>
          {/* An isolate: a Latin name, a number or a date reads in its own order in Arabic. Before
              the first answer a value may still come: a placeholder, not a dash. */}
          <dd>{v ? lines ? <ClippedText text={v} lines={lines} /> : iso(v) : order ? "—" : <span className="sf-result__placeholder" />}</dd>
        </div>
      ))}
    </dl>
  );
}

function useOrderRows({ billingNo, order, receipt, mine, ongoing }: OrderTableProps): Row[] {
  const { t } = useTranslation();
  const nameOf = useMethodName();
  const user = useCurrentUser();
  const { game } = useCurrentGame();
  const zone = localZone();
  return [
    ...(receipt
      ? ([
          [t("result.account"), order?.user_name ?? user?.username, 1],
          [t("result.game"), order?.game_name ?? game?.name, 3],
          [t("result.server"), order?.game_server_name ?? mine?.server?.display],
        ] as Row[])
      : []),
    [t("result.role"), order?.role_name ?? mine?.role?.display],
    [t("result.goods"), order?.product_name ?? mine?.goods?.display],
    [t("result.amount"), order?.amount !== undefined && order.currency ? formatAmount(order.amount, order.currency) : undefined],
    [t("result.outcome.method"), methodName(nameOf, order, ongoing ? undefined : mine)],
    [t("result.billingNo"), order?.billing_no ?? billingNo],
    ...(receipt && order?.paid_at ? [[t("result.paidAt"), formatTime(order.paid_at, zone)] as Row] : []),
    ...(receipt && order?.delivered_at ? [[t("result.outcome.deliveredAt"), formatTime(order.delivered_at, zone)] as Row] : []),
  ];
}

/**
 * The payment method's name, as the catalogue names it in the player's language: the method the
 * player picked for this order when this store made it, else the order's.
 */
function methodName(nameOf: MethodNamer, order: OrderInfo | undefined, picked: OrderSelection | undefined): string | undefined {
  const info = picked?.rechargeInfo;
  if (info) return nameOf({ payway_id: info.payway_id, payway_name: info.name });
  return order ? nameOf(order) || undefined : undefined;
}
