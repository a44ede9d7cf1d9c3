// The game picker: games with their logo and name, sub-games behind an expander.
import "./game-list.css";
import { useEffect, useState } from "react";
import type { Game } from "../../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../../lib/bidi.ts";
import { webUrl } from "../../../lib/safe-url.ts";
import { useTranslation } from "../../../lib/use-translation.ts";
import { useGames } from "../../../shared/api/games.ts";
import { useClientId, useTracker } from "../../../shared/services.ts";
import { type GameChoice, useChangeGame } from "../change-game.ts";

export function GameList({ onPicked, ask = true }: { onPicked?: () => void; ask?: boolean }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const clientId = useClientId();
  const tracker = useTracker();
  const { data, isPending } = useGames();
  const change = useChangeGame();
  const [expanded, setExpanded] = useState<number | null>(null);
  useEffect(() => {
    if (data) tracker.track("viewGameList", { count: data.games.length });
  }, [data, tracker]);
  if (isPending) return <div className="sf-skeleton__rows" aria-busy="true" />;
  const games = (data?.games ?? []).filter((g) => g.is_select_game);
  const pick = async (choice: GameChoice) => {
    if (choice.clientId === clientId) onPicked?.();
    else if (await change(choice, ask)) onPicked?.();
  };
  /** One game or edition: its logo and name; the current one marked. */
  const pickButton = (g: Game, target: { client_id: string; name: string; logo: string }, size: number) => (
    <button
      type="button"
      className="sf-choice sf-game__pick"
      aria-current={target.client_id === clientId ? "true" : undefined}
      onClick={() => void pick({ clientId: target.client_id, gameKey: g.game_key, name: target.name })}
    >
      <img src={webUrl(target.logo)} alt="" width={size} height={size} loading="lazy" />
      {/* At most 3 lines, shown whole when the button has focus (ui/controls.css). */}
      <span className="sf-clipped" dir="auto" data-clamp="3" title={target.name}>
        {iso(target.name)}
      </span>
    </button>
  );
  const row = (g: Game) => {
    const subs = Object.values(g.sub_game);
    const current = g.client_id === clientId || subs.some((s) => s.client_id === clientId);
    return (
      <li key={g.gp_id} className={`sf-game${current ? " is-current" : ""}`}>
        <div className="sf-game__row">
          {pickButton(g, g, 48)}
          {subs.length > 0 ? (
            <button
              type="button"
              className="sf-icon-button sf-game__expand"
              aria-expanded={expanded === g.gp_id}
              aria-label={`${t("game.subGames")}: ${iso(g.name)}`}
              onClick={() => setExpanded((e) => (e === g.gp_id ? null : g.gp_id))}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </div>
        {expanded === g.gp_id ? (
          <ul className="sf-game__subs">
            {subs.map((s) => (
              <li key={s.code}>{pickButton(g, s, 40)}</li>
            ))}
          </ul>
        ) : null}
      </li>
    );
  };
  return (
    <ul className="sf-games" data-testid="game-list">
      {games.map(row)}
    </ul>
  );
}
