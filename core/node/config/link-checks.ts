// The checks of a brand's social short links (`/@code`): the area each opens and the client id
// its visitors land with, which must be one of this brand's games sold there.
import { areasOf, type BrandContext, type BrandInput, CLIENT_ID, unknownArea } from "./brand-context.ts";
import { clip, type Diagnostic, listHint } from "./diagnostics.ts";
import { obj, str } from "./loose.ts";

export function linkChecks(raw: BrandInput, { source, at, id, gameOfClient }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [code, linkRaw] of Object.entries(obj(raw.shortLinks))) {
    const link = obj(linkRaw);
    const shown = `'@${clip(code)}'`;
    const region = str(link.region);
    if (region) {
      out.push(
        ...unknownArea(raw, region, (hint) =>
          source.diag(
            "short-link-unknown-region",
            at("shortLinks", code, "region"),
            `short link ${shown} opens sales area '${clip(region)}', which brand '${id}' does not have`,
            { hint: hint.startsWith("did you") ? hint : listHint(areasOf(raw).ids) },
          ),
        ),
      );
    }
    for (const [os, cidRaw] of Object.entries(obj(link.clientIdMap))) {
      const cid = str(cidRaw);
      if (!cid) continue;
      // A game whose own client id the schema refuses (`web: 1e400`) is the one error: the link may
      // well name the id that game was meant to have.
      if (Object.values(obj(raw.games)).some((g) => !CLIENT_ID.test(str(obj(obj(g).clientIdMap)[os]) ?? ""))) continue;
      const pointer = at("shortLinks", code, "clientIdMap", os);
      const owner = gameOfClient.get(cid);
      const ownGames = Object.entries(obj(raw.games))
        .filter(([, g]) => !region || str(obj(g).area) === region)
        .slice(0, 6)
        .map(([key, g]) => `${clip(key, 40)} (${clip(str(obj(obj(g).clientIdMap)[os]) ?? "?", 40)})`);
      const platform = clip(os, 20);
      if (!owner) {
        out.push(
          source.diag(
            "short-link-unknown-client-id",
            pointer,
            `short link ${shown} lands with client id '${clip(cid)}', which no game has`,
            {
              hint: ownGames.length ? `use the ${platform} client id of one of the brand's games: ${ownGames.join(", ")}` : undefined,
            },
          ),
        );
      } else if (owner.brand !== id) {
        out.push(
          source.diag(
            "short-link-foreign-client-id",
            pointer,
            `short link ${shown} lands with client id '${clip(cid)}' of game '${clip(owner.game)}' of brand '${owner.brand}'`,
            { hint: ownGames.length ? `use the ${platform} client id of one of this brand's games: ${ownGames.join(", ")}` : undefined },
          ),
        );
      } else if (region && areasOf(raw).ids.includes(region) && owner.area && owner.area !== region) {
        out.push(
          source.diag(
            "short-link-foreign-client-id",
            pointer,
            `short link ${shown} opens area '${clip(region)}' with game '${clip(owner.game)}', which is sold in '${clip(owner.area)}'`,
            {
              hint: ownGames.length
                ? `use the ${platform} client id of a game sold in '${clip(region)}': ${ownGames.join(", ")}`
                : `set region to '${clip(owner.area)}'`,
            },
          ),
        );
      }
    }
  }
  return out;
}
