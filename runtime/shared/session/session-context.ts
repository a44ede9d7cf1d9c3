// Where the player is in the store: sales area, game and the languages offered there.
import { createContext, useContext } from "react";
import type { Language, SalesArea } from "../../../core/browser/config/types.ts";

export interface Session {
  area: string | undefined;
  areaConfig: SalesArea | undefined;
  game: string;
  languages: readonly Language[];
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside SessionContext");
  return value;
}
