// The payment channels of a region (spec §2): icon and name, an arrow when it has sub-channels (a
// second popup lists them), a radio otherwise, the channel's description. Used by the recharge
// sheet and the make-up page.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentChannel } from "../../../core/generated/api-types.ts";
import { channelDescription, channelKey, razerChannelName } from "../../lib/payment/channels.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { Dialog } from "../../ui/dialog.tsx";

export interface ChannelListProps {
  channels: PaymentChannel[];
  /** The chosen top-level channel's key, and the chosen channel itself (a sub-channel or the same). */
  parentKey: string | undefined;
  chosen: PaymentChannel | undefined;
  onPick: (parent: PaymentChannel, leaf: PaymentChannel) => void;
  /** Open this channel's sub-channel popup from outside (Buy with one channel and none chosen). */
  subFor?: PaymentChannel | null;
  onSubFor?: (channel: PaymentChannel | null) => void;
}

export function ChannelList({ channels, parentKey, chosen, onPick, subFor: outerSub, onSubFor }: ChannelListProps) {
  const { t } = useTranslation();
  const [ownSub, setOwnSub] = useState<PaymentChannel | null>(null);
  const subFor = outerSub !== undefined ? outerSub : ownSub;
  const setSubFor = onSubFor ?? setOwnSub;
  return (
    <>
      <fieldset className="sf-channels">
        <legend>{t("recharge.channel")}</legend>
        <ul data-testid="channel-list">
          {channels.map((c) => {
            const isChosen = parentKey === c.key;
            const note = channelDescription(c.description);
            return (
              <li key={c.key}>
                <button
                  type="button"
                  className={`sf-channel${isChosen ? " is-chosen" : ""}`}
                  aria-pressed={isChosen}
                  aria-haspopup={c.sub_payment.length > 0 ? "dialog" : undefined}
                  data-channel={c.key}
                  onClick={() => (c.sub_payment.length > 0 ? setSubFor(c) : onPick(c, c))}
                >
                  <img src={webUrl(c.icon)} alt="" width="40" height="28" loading="lazy" />
                  <span className="sf-channel__text">
                    <span className="sf-channel__name">{c.name}</span>
                    {isChosen && chosen && chosen !== c && channelKey(chosen) !== channelKey(c) ? (
                      <span className="sf-channel__sub">{chosen.name}</span>
                    ) : null}
                    {note ? <span className="sf-channel__note">{note}</span> : null}
                  </span>
                  {c.sub_payment.length > 0 ? (
                    <svg className="sf-channel__arrow" viewBox="0 0 24 24" aria-hidden="true">
                      <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                    </svg>
                  ) : (
                    <span className="sf-radio" aria-hidden="true" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {subFor ? (
        <Dialog open title={subFor.name} onClose={() => setSubFor(null)}>
          <ul className="sf-choice-list" data-testid="sub-channel-list">
            {subFor.sub_payment.map((s) => (
              <li key={channelKey(s)}>
                <button
                  type="button"
                  aria-current={chosen && channelKey(s) === channelKey(chosen) ? "true" : undefined}
                  onClick={() => {
                    onPick(subFor, s);
                    setSubFor(null);
                  }}
                >
                  <img src={webUrl(s.icon)} alt="" width="40" height="28" loading="lazy" />
                  <span>{s.name || razerChannelName(s.channel_id) || s.channel_id}</span>
                </button>
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </>
  );
}
