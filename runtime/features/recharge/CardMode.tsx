// Card mode (docs/decisions.md, "Purchase journey"): the channel list gives way to the card number and password (80
// characters each, trimmed, both required; the password shown or hidden; Enter submits). The card is
// checked, its amount and gems confirmed, then exchanged; the result is pending until the platform
// completes it. Business errors of the card calls show here; network failures only say so here.
import { type FormEvent, useId, useRef, useState } from "react";
import type { PaymentChannel } from "../../../core/browser/generated/api-types.ts";
import { ApiError } from "../../lib/api/client.ts";
import { isolate } from "../../lib/bidi.ts";
import { encodeCardInfo } from "../../lib/encode.ts";
import { formatAmount } from "../../lib/format.ts";
import { canBuy } from "../../lib/payment/channels.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { usePageConfig } from "../../shared/api/page-config.ts";
import { useApi, useClientId, useErrorHandler, usePlatformParam } from "../../shared/services.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { useSession } from "../../shared/session/session-context.ts";
import { PasswordField } from "../../ui/password-field.tsx";
import { useTip } from "../../ui/tip.tsx";
import { cardGemsLine } from "./card-confirm.ts";
import type { Paid } from "./hooks/use-buy.ts";

export function CardMode({ channel, onBack, onPaid }: { channel: PaymentChannel; onBack: () => void; onPaid: (paid: Paid) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const clientId = useClientId();
  const platform = usePlatformParam();
  const handleError = useErrorHandler();
  const { confirm } = useTip();
  const [selection] = useSelection(clientId);
  const page = usePageConfig();
  const { area } = useSession();
  const [number, setNumber] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const ids = { number: useId(), error: useId(), why: useId() };
  const ready = canBuy({ cardMode: true, cardNumber: number, cardPassword: password });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready || running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      if (!(await confirm({ title: t("common.tips"), text: t("error.rechargeConfirm") }))) return;
      const cardInfo = await encodeCardInfo(number, password);
      const check = await api.call("cardInfo", { client_id: clientId, card_info: cardInfo });
      const lines = [t("card.confirmAmount", { amount: formatAmount(check.price, check.currency) })];
      const gemsLine = cardGemsLine(check.gems_number, check.extra_gems_number);
      if (gemsLine) lines.push(t(gemsLine.key, gemsLine.values));
      if (!(await confirm({ title: t("card.confirmTitle"), text: lines.join("\n"), confirmLabel: t("recharge.exchange") }))) return;
      const result = await api.call("cardPay", {
        client_id: clientId,
        server_id: selection.server?.value ?? "",
        role_id: selection.role?.value ?? "",
        platform,
        card_info: await encodeCardInfo(number, password),
        ...(page.data?.area_config.is_area_role && selection.area ? { areaId: selection.area.value } : {}),
      });
      setNumber("");
      setPassword("");
      onPaid({ billingNo: result.billing_no });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t("error.network"));
      handleError(err);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="sf-card-mode" onSubmit={submit} data-testid="card-mode" data-area={area}>
      <div className="sf-card-mode__head">
        <strong>{isolate(channel.name, i18n.language)}</strong>
        <button type="button" className="sf-link-button" onClick={onBack}>
          {t("recharge.changeChannel")}
        </button>
      </div>
      <label className="sf-field" htmlFor={ids.number}>
        <span>{t("card.number")}</span>
        <input id={ids.number} autoComplete="off" maxLength={80} value={number} onChange={(e) => setNumber(e.target.value)} />
      </label>
      <PasswordField
        label={t("card.password")}
        autoComplete="off"
        value={password}
        maxLength={80}
        describedBy={error ? ids.error : undefined}
        onChange={setPassword}
      />
      {error ? (
        <p id={ids.error} className="sf-form-error" role="alert" data-testid="card-error">
          {error}
        </p>
      ) : null}
      {/* A disabled Exchange says why, to the eye and to screen readers. */}
      {ready ? null : (
        <p id={ids.why} className="sf-buy-why">
          {t("buy.why.card")}
        </p>
      )}
      <button
        type="submit"
        className="sf-button sf-button--primary sf-button--block"
        disabled={!ready || busy}
        aria-busy={busy}
        aria-describedby={ready ? undefined : ids.why}
      >
        {t("recharge.exchange")}
      </button>
    </form>
  );
}
