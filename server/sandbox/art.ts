// Generated SVG artwork for games, goods and payment channels, so no screen shows a broken image.
import { stableId } from "../catalog/catalog.ts";

const PALETTE = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#059669", "#0891b2", "#4f46e5", "#b45309"];
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Payment channels: a white pictogram of what the player pays with (no provider's logo) over the
// method's initials, on a colour of its own. Keyed by the channel id after "<payway>-".
const PICTOGRAMS = {
  card: '<rect x="14" y="14" width="36" height="24" rx="4" fill="none" stroke="#fff" stroke-width="3.5"/><path d="M14 22h36" stroke="#fff" stroke-width="4"/><path d="M19 32h10" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
  bank: '<path d="M32 10 50 19H14Z" fill="#fff"/><path d="M18 22v12M26 22v12M38 22v12M46 22v12" stroke="#fff" stroke-width="3.5"/><path d="M14 38h36" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>',
  wallet:
    '<path d="M15 18a4 4 0 0 1 4-4h22v6" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/><rect x="15" y="18" width="34" height="22" rx="4" fill="none" stroke="#fff" stroke-width="3.5"/><circle cx="41" cy="29" r="2.6" fill="#fff"/>',
  mobile:
    '<rect x="23" y="10" width="18" height="30" rx="3.5" fill="none" stroke="#fff" stroke-width="3.5"/><path d="M29 35h6" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
  voucher:
    '<path d="M14 17h36v7a4 4 0 0 0 0 8v7H14v-7a4 4 0 0 0 0-8Z" fill="none" stroke="#fff" stroke-width="3.5" stroke-linejoin="round"/><path d="M27 21v14" stroke="#fff" stroke-width="3" stroke-dasharray="3 3"/>',
} as const;

const CHANNEL_KINDS: [RegExp, keyof typeof PICTOGRAMS][] = [
  [/^(card|applepay|welcome|adyen|airwallex)$/i, "card"],
  [/^(bank|9[1-4]|121|12[89]|13\d|14[01])$/, "bank"],
  [/^(paypal|alipay|wallet|naver|kakao|e2p|e2p_t1|payermax|pingpong|xsolla|pix|ebanx|1|14[23]|602)$/i, "wallet"],
  [/^(billing|coda|platform|601)$/, "mobile"],
  [/^(razer|koudian|ingame|travellet|3|605|127)$/, "voucher"],
];

function channelKind(name: string): keyof typeof PICTOGRAMS | undefined {
  const channel = name.slice(name.indexOf("-") + 1);
  return CHANNEL_KINDS.find(([re]) => re.test(channel))?.[1];
}

export function artSvg(kind: string, name: string, label?: string): string {
  const colour = PALETTE[stableId(`${kind}/${name}`) % PALETTE.length] ?? "#2563eb";
  const text = esc(
    (label ?? name)
      .replace(/[^\p{L}\p{N} ]/gu, " ")
      .trim()
      .slice(0, 3)
      .toUpperCase() || "?",
  );
  if (kind === "banner") {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 720 240"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs><rect width="720" height="240" fill="url(#g)"/><circle cx="600" cy="60" r="120" fill="#ffffff" opacity=".08"/><circle cx="80" cy="220" r="90" fill="#ffffff" opacity=".06"/></svg>`;
  }
  if (kind === "goods") {
    const gem = `<path d="M32 10 50 26 32 56 14 26Z" fill="#fff" opacity=".92"/><path d="M14 26h36L32 56Z" fill="#fff" opacity=".6"/>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/>${gem}</svg>`;
  }
  const pictogram = kind === "payway" ? channelKind(name) : undefined;
  if (pictogram) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="${colour}"/>${PICTOGRAMS[pictogram]}<text x="32" y="56" text-anchor="middle" font-family="system-ui,sans-serif" font-size="11" font-weight="700" fill="#fff">${text}</text></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${kind === "payway" ? 10 : 14}" fill="${colour}"/><text x="32" y="39" text-anchor="middle" font-family="system-ui,sans-serif" font-size="${text.length > 2 ? 16 : 20}" font-weight="700" fill="#fff">${text}</text></svg>`;
}
