// The payment channels of a region, grouped by what the player pays with (cards, e-wallets,
// bank, phone bill, vouchers) under a heading each: mark, name and a one-line description, an arrow
// when it has sub-channels (a second popup lists them), a radio otherwise. Used by the recharge sheet
// and the make-up page.
import "./channels.css";
import { useId, useState } from "react";
import type { PaymentChannel } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { useIsolateText } from "../../lib/bidi-text.ts";
import { channelDescription, channelKey, razerChannelName } from "../../lib/payment/channels.ts";
import { groupByKind, type PickerKind } from "../../lib/payment/methods.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { useTranslation } from "../../lib/use-translation.ts";
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
  const iso = useIsolate();
  const isoText = useIsolateText();
  const id = useId();
  const [ownSub, setOwnSub] = useState<PaymentChannel | null>(null);
  const subFor = outerSub !== undefined ? outerSub : ownSub;
  const setSubFor = onSubFor ?? setOwnSub;
  // The platform's description when it gives one, else what this kind of payment means.
  const noteOf = (c: PaymentChannel, kind: PickerKind) => {
    const note = channelDescription(c.description);
    return note ? isoText(note) : t(`payment.about.${kind}`);
  };
  const subName = (s: PaymentChannel) => iso(s.name || razerChannelName(s.channel_id) || s.channel_id);
  return (
    <>
      <fieldset className="sf-channels">
        <legend>{t("recharge.channel")}</legend>
        <div className="sf-channel-groups" data-testid="channel-list">
          {groupByKind(channels).map(({ kind, channels: group }) => (
            // A group the screen reader names as the player enters it, and a heading to jump between groups.
            <fieldset key={kind} className="sf-channel-group" data-kind={kind}>
              <legend>
                <h3 className="sf-channel-group__title">{t(`payment.kind.${kind}`)}</h3>
              </legend>
              <ul>
                {group.map((c) => {
                  const isChosen = parentKey === c.key;
                  const own = `${id}-${c.key}`;
                  const sub = isChosen && chosen && chosen !== c && channelKey(chosen) !== channelKey(c) ? chosen : undefined;
                  return (
                    <li key={c.key}>
                      {/* Named by the channel (and its chosen sub-channel), described by its note: a short name to
                          hear, the note after. The mark's alt is the name too: the picture's own text, never read
                          twice, since the button is named by its visible name (docs/decisions.md, "Look and accessibility"). */}
                      <button
                        type="button"
                        className={`sf-choice sf-channel${isChosen ? " is-chosen" : ""}`}
                        aria-pressed={isChosen}
                        aria-haspopup={c.sub_payment.length > 0 ? "dialog" : undefined}
                        aria-labelledby={sub ? `${own}-name ${own}-sub` : `${own}-name`}
                        aria-describedby={`${own}-note`}
                        data-channel={c.key}
                        onClick={() => (c.sub_payment.length > 0 ? setSubFor(c) : onPick(c, c))}
                      >
                        <img className="sf-channel__mark" src={webUrl(c.icon)} alt={iso(c.name)} width="64" height="40" loading="lazy" />
                        <span className="sf-channel__text">
                          <span className="sf-channel__name" id={`${own}-name`}>
                            {iso(c.name)}
                          </span>
                          {sub ? (
                            <span className="sf-channel__sub" id={`${own}-sub`}>
                              {subName(sub)}
                            </span>
                          ) : null}
                          <span className="sf-channel__note" id={`${own}-note`}>
                            {noteOf(c, kind)}
                          </span>
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
          ))}
        </div>
      </fieldset>
      {subFor ? (
        <Dialog open title={iso(subFor.name)} onClose={() => setSubFor(null)}>
          <ul className="sf-choice-list" data-testid="sub-channel-list">
            {subFor.sub_payment.map((s) => {
              const note = channelDescription(s.description);
              return (
                <li key={channelKey(s)}>
                  <button
                    type="button"
                    aria-current={chosen && channelKey(s) === channelKey(chosen) ? "true" : undefined}
                    // Named by its visible name (the mark's alt says it too, unread here), described by its note.
                    aria-labelledby={`${id}-sub-${channelKey(s)}`}
                    aria-describedby={note ? `${id}-sub-${channelKey(s)}-note` : undefined}
                    onClick={() => {
                      onPick(subFor, s);
                      setSubFor(null);
                    }}
                  >
                    <img className="sf-channel__mark" src={webUrl(s.icon)} alt={subName(s)} width="64" height="40" loading="lazy" />
                    <span className="sf-channel__text">
                      <span className="sf-channel__name" id={`${id}-sub-${channelKey(s)}`}>
                        {subName(s)}
                      </span>
                      {note ? (
                        <span className="sf-channel__note" id={`${id}-sub-${channelKey(s)}-note`}>
                          {isoText(note)}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </Dialog>
      ) : null}
    </>
  );
}
