// The top-up page's data, asked for at once and in parallel as the app starts, while the layout's
// code loads: the first render waits for one round trip of the platform, never for a chain of them.
import type { QueryClient } from "@tanstack/react-query";
import { productsQuery } from "../features/goods/api/get-products.ts";
import { serversQuery } from "../features/role/api/get-servers.ts";
import { gamesQueryOptions } from "../shared/api/games.ts";
import { pageConfigQuery } from "../shared/api/page-config.ts";
import type { Services } from "../shared/services.ts";

/** Settles when all four have (a failure is the queries' to show, never thrown here). */
export function prefetchTopUp(client: QueryClient, { api, clientId, platform }: Services, area: string | undefined): Promise<void> {
  return Promise.all([
    client.prefetchQuery(gamesQueryOptions(api, clientId, platform, area)),
    client.prefetchQuery(pageConfigQuery(api, clientId, area)),
    client.prefetchQuery(productsQuery(api, clientId, area)),
    client.prefetchQuery(serversQuery(api, clientId, area)),
  ]).then(() => undefined);
}
