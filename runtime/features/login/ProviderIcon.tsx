// Our own simple marks for the sign-in providers (no copied logos): a coloured disc and an initial.
import type { Provider } from "./providers.ts";

const MARKS: Record<Provider, { bg: string; fg: string; letter: string }> = {
  google: { bg: "#ffffff", fg: "#1a73e8", letter: "G" },
  apple: { bg: "#000000", fg: "#ffffff", letter: "" },
  facebook: { bg: "#1877f2", fg: "#ffffff", letter: "f" },
  twitter: { bg: "#000000", fg: "#ffffff", letter: "X" },
  vk: { bg: "#0077ff", fg: "#ffffff", letter: "VK" },
  huawei: { bg: "#cf0a2c", fg: "#ffffff", letter: "H" },
};

export function ProviderIcon({ provider }: { provider: Provider }) {
  const mark = MARKS[provider];
  return (
    <svg className="sf-provider__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill={mark.bg} stroke="#d1d5db" strokeWidth={mark.bg === "#ffffff" ? 1 : 0} />
      {provider === "apple" ? (
        <path
          fill="#fff"
          d="M15.6 12.6c0-1.6 1.3-2.4 1.4-2.4-.8-1.1-2-1.3-2.4-1.3-1-.1-2 .6-2.5.6s-1.3-.6-2.2-.6c-1.1 0-2.2.7-2.8 1.7-1.2 2.1-.3 5.2.9 6.9.6.8 1.2 1.7 2.1 1.7.9 0 1.2-.5 2.2-.5s1.3.5 2.2.5c.9 0 1.5-.9 2-1.7.7-1 .9-1.9 1-2-.1 0-1.9-.7-1.9-2.9ZM14 7.8c.5-.6.8-1.4.7-2.2-.7 0-1.5.5-2 1.1-.4.5-.8 1.3-.7 2.1.8.1 1.5-.4 2-1Z"
        />
      ) : (
        <text
          x="12"
          y="16.5"
          textAnchor="middle"
          fontSize={mark.letter.length > 1 ? 9 : 13}
          fontWeight="700"
          fill={mark.fg}
          fontFamily="system-ui, sans-serif"
        >
          {mark.letter}
        </text>
      )}
    </svg>
  );
}
