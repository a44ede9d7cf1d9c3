// Refined pass: rules across fields and brands that JSON Schema cannot say, and traps that are valid
// YAML and valid against the schema but wrong for a real store. Written defensively, because it also
// runs on configs that failed the structural pass (all problems are reported at once).
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { previewHosts } from "../../browser/config/hosts.ts";
import { corePaths as paths } from "../paths.ts";
import { type BrandInput, checkBrand } from "./brand-checks.ts";
import type { ErrorBudget } from "./budget.ts";
import { clip, type Diagnostic } from "./diagnostics.ts";
import { joinPointer, pointerSegments, type SourceFile } from "./load.ts";
import { arr, isObj, obj, str } from "./loose.ts";
import { originIndex } from "./production-checks.ts";
import { quotedValueTraps } from "./quoted-values.ts";
import type { IconBytes } from "./read.ts";

export interface SemanticOptions {
  localesDir?: string;
  /** Brands (by index) not to check: too large to (./budget.ts). */
  skip?: ReadonlySet<number>;
  budget?: ErrorBudget;
  /** The icons as read from disk (./read.ts); without them (a draft not on disk) the files are looked up. */
  icons?: IconBytes;
}

interface Owner {
  brand: string;
  pointer: string;
  automatic?: boolean;
}

/** The brands the pass looks at, with their index, id (or `#i`) and a pointer maker. */
interface Entry {
  raw: BrandInput;
  index: number;
  id: string;
  at: (...seg: (string | number)[]) => string;
}

interface Pass {
  source: SourceFile;
  out: Diagnostic[];
  /** `file:line:col` of a pointer, to name where the other use of a value is. */
  where: (pointer: string) => string;
}

/** The brands to check, one at a time (a file may list millions of entries that are no brands). */
function* entriesOf(source: SourceFile, skip: ReadonlySet<number> | undefined): Generator<Entry> {
  const brands = arr(obj(source.data).brands);
  for (let index = 0; index < brands.length; index++) {
    const raw = brands[index];
    if (!isObj(raw) || skip?.has(index)) continue;
    yield { raw, index, id: str(raw.id) ?? `#${index}`, at: (...seg: (string | number)[]) => joinPointer("brands", index, ...seg) };
  }
}

/** Brand ids, and hosts within and across brands, the automatic preview hosts included. */
function idAndHostChecks(entries: () => Iterable<Entry>, { source, out, where }: Pass): void {
  const brandIds = new Map<string, string>();
  const hostOwner = new Map<string, Owner>();
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
    out.push(source.diag("duplicate-host", owner.pointer, `host '${clip(host)}' is already used by ${what}`));
  };
  // Automatic preview hosts first, so a configured host that clashes with one is the one reported.
  for (const { raw, at } of entries()) {
    const id = str(raw.id);
    if (!id || brandIds.has(id)) continue;
    brandIds.set(id, at("id"));
    const preview = previewHosts(id);
    claimHost(preview.production, { brand: id, pointer: at("id"), automatic: true });
    claimHost(preview.demo, { brand: id, pointer: at("id"), automatic: true });
  }
  for (const { raw, id, at } of entries()) {
    const first = brandIds.get(id);
    if (first !== undefined && first !== at("id") && str(raw.id))
      out.push(source.diag("duplicate-brand-id", at("id"), `brand id '${id}' is already used at ${where(first)}`));
    const hosts = obj(raw.hosts);
    for (const mode of ["production", "demo"] as const) {
      arr(hosts[mode]).forEach((h, j) => {
        if (typeof h === "string") claimHost(h, { brand: id, pointer: at("hosts", mode, j) });
      });
    }
  }
}

/** Game client ids: unique across every game of every brand (the platform knows a game by it alone). */
function clientIdChecks(entries: () => Iterable<Entry>, { source, out, where }: Pass): void {
  const clientOwner = new Map<string, Owner & { label: string }>();
  for (const { raw, id, at } of entries()) {
    for (const [key, gameRaw] of Object.entries(obj(raw.games))) {
      const label = `game '${clip(key)}' of brand '${id}'`;
      for (const os of ["android", "ios", "web"]) {
        const cid = str(obj(obj(gameRaw).clientIdMap)[os]);
        if (!cid) continue;
        const pointer = at("games", key, "clientIdMap", os);
        const prev = clientOwner.get(cid);
        if (prev && prev.label !== label) {
          out.push(
            source.diag(
              "duplicate-client-id",
              pointer,
              `client id '${clip(cid)}' is already used by ${prev.label} at ${where(prev.pointer)}`,
            ),
          );
        } else if (!prev) clientOwner.set(cid, { brand: id, pointer, label });
      }
    }
  }
}

/** Login client ids differ per brand and per area: one names the brand and area to the provider. */
function loginIdChecks(entries: () => Iterable<Entry>, { source, out, where }: Pass): void {
  const loginOwner = new Map<string, Owner>();
  for (const { raw, id, at } of entries()) {
    for (const [area, areaRaw] of Object.entries(obj(raw.areas))) {
      const login = str(obj(areaRaw).loginClientId);
      if (!login) continue;
      const pointer = at("areas", area, "loginClientId");
      const prev = loginOwner.get(login);
      const sameEntry = prev?.pointer.startsWith(`${at()}/`);
      if (!prev) loginOwner.set(login, { brand: id, pointer });
      // Another entry with this brand's id is duplicate-brand-id's to report.
      else if (sameEntry || prev.brand !== id) {
        const whose = sameEntry ? `area '${clip(pointerSegments(prev.pointer)[3] ?? "")}'s of this brand` : `brand '${prev.brand}'s`;
        out.push(
          source.diag("duplicate-login-client-id", pointer, `login client id '${clip(login)}' is ${whose} too (${where(prev.pointer)})`),
        );
      }
    }
  }
}

/** Every game client id of the config, so a short link can be told another brand's id from an unknown one. */
function gamesByClientId(entries: () => Iterable<Entry>): Map<string, { brand: string; game: string; area: string | undefined }> {
  const gameOfClient = new Map<string, { brand: string; game: string; area: string | undefined }>();
  for (const { raw } of entries()) {
    const id = str(raw.id);
    for (const [key, game] of Object.entries(obj(raw.games))) {
      for (const cid of Object.values(obj(obj(game).clientIdMap))) {
        if (typeof cid === "string" && id && !gameOfClient.has(cid))
          gameOfClient.set(cid, { brand: id, game: key, area: str(obj(game).area) });
      }
    }
  }
  return gameOfClient;
}

export function semanticPass(source: SourceFile, options: SemanticOptions = {}): Diagnostic[] {
  const where = (pointer: string) => {
    const at = source.locate(pointer).start;
    return `${source.file}:${at.line}:${at.column}`;
  };
  const pass: Pass = { source, out: quotedValueTraps(source, options.skip), where };
  const entries = () => entriesOf(source, options.skip);
  idAndHostChecks(entries, pass);
  clientIdChecks(entries, pass);
  loginIdChecks(entries, pass);
  options.budget?.count(pass.out);
  const localesDir = options.localesDir ?? paths.locales;
  const localeChecked = new Map<string, boolean>();
  const localeExists = (lang: string) => {
    const exists = localeChecked.get(lang) ?? existsSync(resolve(localesDir, `${lang}.json`));
    localeChecked.set(lang, exists);
    return exists;
  };
  const context = {
    source,
    gameOfClient: gamesByClientId(entries),
    localeExists,
    iconExists: (path: string) =>
      options.icons ? options.icons.get(path) !== undefined : existsSync(resolve(dirname(resolve(source.file)), path)),
    huaweiClientId: str(obj(source.data).huaweiClientId) ?? "",
    origins: originIndex(arr(obj(source.data).brands).map((raw, i) => (options.skip?.has(i) ? undefined : raw))),
    where,
  };
  for (const { raw, id, at } of entries()) {
    if (options.budget && !options.budget.open) break;
    const found = checkBrand(raw, { ...context, at, id });
    options.budget?.count(found);
    pass.out.push(...found);
  }
  return pass.out;
}
