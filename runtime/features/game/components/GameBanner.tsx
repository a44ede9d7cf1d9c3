// The current game across the top: artwork, logo and name, and the way to another game.
import "./banner.css";
import { webUrl } from "../../../lib/safe-url.ts";
import { useTranslation } from "../../../lib/use-translation.ts";
import { bannerUrl } from "../../../shared/api/game-art.ts";
import { useCurrentGame } from "../../../shared/api/games.ts";
import { ClippedText } from "../../../ui/clipped-text.tsx";

export function GameBanner({ onChangeGame }: { onChangeGame?: () => void }) {
  const { t } = useTranslation();
  const { game, parent } = useCurrentGame();
  return (
    <section className="sf-banner" aria-busy={!game}>
      {game ? (
        <>
          {/* The largest thing on the first screen: fetched before the rest of the page's pictures. */}
          <img className="sf-banner__art" src={bannerUrl({ game, parent })} alt="" width="720" height="240" fetchPriority="high" />
          <div className="sf-banner__info">
            <img className="sf-banner__logo" src={webUrl(game.logo)} alt="" width="56" height="56" />
            <h2 className="sf-banner__name">
              <ClippedText data-testid="game-name" text={game.name} lines={2} />
            </h2>
            {onChangeGame ? (
              <button type="button" className="sf-chip" onClick={onChangeGame} data-testid="change-game">
                {t("game.change")}
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <div className="sf-banner__placeholder" />
      )}
    </section>
  );
}
