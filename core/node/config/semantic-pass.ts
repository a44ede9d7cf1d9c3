// Refined pass: rules across fields and brands that JSON Schema cannot say, and traps that are valid
// YAML and valid against the schema but wrong for a real store. Written defensively, because it also
// runs on configs that failed the structural pass (all problems are reported at once).
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { previewHosts } from "../../browser/config/hosts.ts";
import { corePaths as paths } from "../paths.ts";
import { checkBrand, type Brand as LooseBrand } from "./brand-checks.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { joinPointer, pointerSegments, type SourceFile } from "./load.ts";
import { arr, isObj, obj, str } from "./loose.ts";
import { originIndex } from "./production-checks.ts";
import { quotedValueTraps } from "./quoted-values.ts";

export interface SemanticOptions {
  localesDir?: string;
}

interface Owner {
  brand: string;
  pointer: string;
  automatic?: boolean;
}

export function semanticPass(source: SourceFile, options: SemanticOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = quotedValueTraps(source);
  const localesDir = options.localesDir ?? paths.locales;
  const localeChecked = new Map<string, boolean>();
  const brands = arr(obj(source.data).brands);
  const brandIds = new Map<string, string>();
  const hostOwner = new Map<string, Owner>();
  const clientOwner = new Map<string, Owner & { label: string }>();
  const loginOwner = new Map<string, Owner>();
  const where = (pointer: string) => {
    const at = source.locate(pointer).start;
    return `${source.file}:${at.line}:${at.column}`;
  };

  const claimHost = (host: string, owner: Owner) => {
    const prev = hostOwner.get(host);
    if (!prev) {
      hostOwner.set(host, owner);
      return;
    }
    // A repeat inside one list is the schema's duplicate-item already.
    if (prev.pointer.replace(/\/\d+$/, "") === owner.pointer.replace(/\/\d+$/, "")) return;
    const who = prev.brand === owner.brand ? "this brand" : `brand '${prev.brand}'`;
    const what = prev.automatic ? `${who}'s automatic preview host` : `${who} at ${where(prev.pointer)}`;
    out.push(source.diag("duplicate-host", owner.pointer, `host '${host}' is already used by ${what}`));
  };

  // Automatic preview hosts first, so a configured host that clashes with one is the one reported.
  brands.forEach((raw, i) => {
    const id = isObj(raw) ? str(raw.id) : undefined;
    if (!id || brandIds.has(id)) return;
    brandIds.set(id, joinPointer("brands", i, "id"));
    const preview = previewHosts(id);
    claimHost(preview.production, { brand: id, pointer: joinPointer("brands", i, "id"), automatic: true });
    claimHost(preview.demo, { brand: id, pointer: joinPointer("brands", i, "id"), automatic: true });
  });

  // Game client ids of every brand, so a short link can be told another brand's id from an unknown one.
  const origins = originIndex(brands);
  const gameOfClient = new Map<string, { brand: string; game: string; area: string | undefined }>();
  for (const raw of brands) {
    const id = isObj(raw) ? str(raw.id) : undefined;
    for (const [key, game] of Object.entries(obj(obj(raw).games))) {
      for (const cid of Object.values(obj(obj(game).clientIdMap))) {
        if (typeof cid === "string" && id && !gameOfClient.has(cid))
          gameOfClient.set(cid, { brand: id, game: key, area: str(obj(game).area) });
      }
    }
  }

  brands.forEach((raw, i) => {
    if (!isObj(raw)) return;
    const at = (...seg: (string | number)[]) => joinPointer("brands", i, ...seg);
    const id = str(raw.id) ?? `#${i}`;

    const first = brandIds.get(id);
    if (first !== undefined && first !== at("id") && str(raw.id)) {
      out.push(source.diag("duplicate-brand-id", at("id"), `brand id '${id}' is already used at ${where(first)}`));
    }

    // Hosts, within and across brands, including the automatic preview hosts.
    const hosts = obj(raw.hosts);
    for (const mode of ["production", "demo"] as const) {
      arr(hosts[mode]).forEach((h, j) => {
        if (typeof h === "string") claimHost(h, { brand: id, pointer: at("hosts", mode, j) });
      });
    }

    // Game client ids: unique across every game of every brand (the platform knows a game by it alone).
    for (const [key, gameRaw] of Object.entries(obj(raw.games))) {
      const label = `game '${key}' of brand '${id}'`;
      for (const os of ["android", "ios", "web"]) {
        const cid = str(obj(obj(gameRaw).clientIdMap)[os]);
        if (!cid) continue;
        const pointer = at("games", key, "clientIdMap", os);
        const prev = clientOwner.get(cid);
        if (prev && prev.label !== label) {
          out.push(
            source.diag("duplicate-client-id", pointer, `client id '${cid}' is already used by ${prev.label} at ${where(prev.pointer)}`),
          );
        } else if (!prev) clientOwner.set(cid, { brand: id, pointer, label });
      }
    }

    // Login client ids differ per brand and per area: one names the brand and area to the provider.
    for (const [area, areaRaw] of Object.entries(obj(raw.areas))) {
      const login = str(obj(areaRaw).loginClientId);
      if (!login) continue;
      const pointer = at("areas", area, "loginClientId");
      const prev = loginOwner.get(login);
      const sameEntry = prev?.pointer.startsWith(`${at()}/`);
      if (!prev) loginOwner.set(login, { brand: id, pointer });
      // Another entry with this brand's id is duplicate-brand-id's to report.
      else if (sameEntry || prev.brand !== id) {
        const whose = sameEntry ? `area '${pointerSegments(prev.pointer)[3]}'s of this brand` : `brand '${prev.brand}'s`;
        out.push(source.diag("duplicate-login-client-id", pointer, `login client id '${login}' is ${whose} too (${where(prev.pointer)})`));
      }
    }

    out.push(
      ...checkBrand(raw as LooseBrand, {
        source,
        at,
        id,
        gameOfClient,
        localeExists: (lang) => {
          let exists = localeChecked.get(lang);
          if (exists === undefined) {
            exists = existsSync(resolve(localesDir, `${lang}.json`));
            localeChecked.set(lang, exists);
          }
          return exists;
        },
        iconExists: (path) => existsSync(resolve(dirname(resolve(source.file)), path)),
        huaweiClientId: str(obj(source.data).huaweiClientId) ?? "",
        origins,
        where,
      }),
    );
  });
  return out;
}
