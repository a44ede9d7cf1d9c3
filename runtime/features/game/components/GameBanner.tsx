// The current game across the top: artwork, logo and name, as soon as the platform answers.

import { useServices } from "../../../app/services.ts";
import { useSession } from "../../../lib/session-context.ts";
import { useGames } from "../api/get-games.ts";

export function GameBanner() {
  const { area } = useSession();
  const { clientId } = useServices();
  const { data } = useGames(area);
  const game = data?.games.find((g) => g.client_id === clientId) ?? data?.games[0];
  return (
    <section className="sf-banner" aria-busy={!game}>
      {game ? (
        <>
          <img className="sf-banner__art" src={game.banner ?? game.logo} alt="" width="720" height="240" />
          <div className="sf-banner__info">
            <img className="sf-banner__logo" src={game.logo} alt="" width="56" height="56" />
            <h2 className="sf-banner__name" data-testid="game-name">
              {game.name}
            </h2>
          </div>
        </>
      ) : (
        <div className="sf-banner__placeholder" />
      )}
    </section>
  );
}
