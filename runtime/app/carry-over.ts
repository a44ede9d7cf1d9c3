// Carries replenish_id, rp_client_id, the brand's configured keys and idfv (when it came in the
// URL) to the next route when it lacks them, so a link's context survives the player's navigation
// (`carryQueryKeys` in docs/brands-reference.md).
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { carryQuery } from "../lib/carry.ts";
import { useBrand } from "../shared/session/brand-context.ts";

const idfvFromUrl = new URLSearchParams(window.location.search).has("idfv");

export function useCarryOver(): void {
  const { brand } = useBrand();
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef(location.search);
  useEffect(() => {
    const carried = carryQuery(previous.current, location.search, brand.carryQueryKeys, idfvFromUrl);
    if (carried !== location.search) {
      navigate({ pathname: location.pathname, search: carried, hash: location.hash }, { replace: true, state: location.state });
      return;
    }
    previous.current = location.search;
  }, [location, navigate, brand.carryQueryKeys]);
}
