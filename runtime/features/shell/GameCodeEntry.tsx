// `/@{code}`: a code of the brand's short-link table wins (its area and the client id for this
// device's OS), else a game key of the brand; else the parameter-error page.
import { useEffect } from "react";
import { Navigate, useParams } from "react-router-dom";
import { usePlatformParam } from "../../shared/services.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { ScreenSkeleton } from "./ScreenSkeleton.tsx";

export function entryFor(
  brand: ReturnType<typeof useBrand>["brand"],
  code: string,
  platform: "android" | "ios" | "web",
): string | undefined {
  const link = brand.shortLinks[code];
  if (link) return `/?client_id=${encodeURIComponent(link.clientIdMap[platform])}&domain_area=${link.region}`;
  const game = brand.games[code];
  if (game) return `/?client_id=${encodeURIComponent(game.clientIdMap[platform])}&domain_area=${game.area}`;
  return undefined;
}

export function GameCodeEntry() {
  const { code = "" } = useParams();
  const { brand } = useBrand();
  const platform = usePlatformParam();
  const target = entryFor(brand, code.replace(/^@/, ""), platform);
  useEffect(() => {
    // A full load: the area, game and layout are decided at start.
    if (target) window.location.replace(target);
  }, [target]);
  return target ? <ScreenSkeleton screen="GameCode" /> : <Navigate to="/showError" replace />;
}
