// `gen diff`, the resolved models compared: brands, hosts, platform origins, sales areas (languages,
// currency, payment regions), games, client ids, layout rules, the routes each layout serves, and
// every other setting. Pure: two resolved models in, a list of changes out.
import type { Brand } from "../../core/browser/config/types.ts";
import { layoutRoutes, type RouteEntry } from "../../core/browser/routes.ts";
import type { ResolvedBrand, ResolvedConfig } from "../model.ts";
import type { Change, ChangeKind } from "./changes.ts";
import { settingChanges } from "./settings.ts";

type Emit = (kind: ChangeKind, subject: string, risky: boolean, values?: { before?: string; after?: string }) => void;

const added = <T>(from: Iterable<T>, to: Iterable<T>) => [...to].filter((x) => !new Set(from).has(x));

/** Hosts of brands on both sides: added, removed, or now another brand's (a production one is players' way in). */
function hostChanges(base: ResolvedConfig, head: ResolvedConfig, both: Set<string>): Change[] {
  const out: Change[] = [];
  for (const [host, entry] of Object.entries(head.publicHosts)) {
    const was = base.publicHosts[host];
    const subject = `${host} (${entry.mode})`;
    if (!was && both.has(entry.brand)) out.push({ brand: entry.brand, kind: "host-added", subject, risky: false });
    else if (was && was.brand !== entry.brand)
      out.push({
        brand: entry.brand,
        kind: "host-moved",
        subject,
        before: was.brand,
        after: entry.brand,
        risky: entry.mode === "production",
      });
  }
  for (const [host, was] of Object.entries(base.publicHosts)) {
    if (!head.publicHosts[host] && both.has(was.brand))
      out.push({ brand: was.brand, kind: "host-removed", subject: `${host} (${was.mode})`, risky: was.mode === "production" });
  }
  return out;
}

function originChanges(before: Brand, after: Brand, emit: Emit): void {
  for (const mode of ["production", "demo"] as const) {
    const [a, b] = [before.api[mode], after.api[mode]];
    // A backup added only widens the failover; one removed, or another primary or tracking
    // origin, leaves players whose calls went there without them.
    const roles: [string, string, string, boolean][] = [
      ["primary", a.primary, b.primary, true],
      ["backup", a.backup.join(", "), b.backup.join(", "), a.backup.some((origin) => !b.backup.includes(origin))],
      ["tracking", a.tracking, b.tracking, true],
    ];
    for (const [role, was, now, loses] of roles)
      if (was !== now)
        emit("origin-changed", `${mode} ${role}`, mode === "production" && loses, { before: was || "(none)", after: now || "(none)" });
  }
}

/** Every client id a player's link or the game can name, by what it identifies. */
function clientIds(brand: Brand): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [key, game] of Object.entries(brand.games))
    for (const [platform, id] of Object.entries(game?.clientIdMap ?? {})) ids.set(`game ${key} ${platform}`, id);
  for (const [area, settings] of Object.entries(brand.areas)) if (settings) ids.set(`area ${area} login`, settings.loginClientId);
  for (const [name, link] of Object.entries(brand.shortLinks ?? {}))
    for (const [platform, id] of Object.entries(link?.clientIdMap ?? {})) ids.set(`short link ${name} ${platform}`, id);
  return ids;
}

function areaChanges(before: Brand, after: Brand, emit: Emit): void {
  const currency = (brand: Brand, area: string) => brand.areas[area as keyof Brand["areas"]]?.currency ?? brand.currency;
  for (const id of added(Object.keys(before.areas), Object.keys(after.areas))) {
    const area = after.areas[id as keyof Brand["areas"]];
    emit("area-added", `${id} (${area?.languages.join(", ")}; ${currency(after, id)})`, false);
  }
  for (const id of added(Object.keys(after.areas), Object.keys(before.areas))) emit("area-removed", id, true);
  for (const [id, was] of Object.entries(before.areas)) {
    const now = after.areas[id as keyof Brand["areas"]];
    if (!was || !now) continue;
    for (const lang of added(was.languages, now.languages)) emit("language-added", `${lang} in area ${id}`, false);
    for (const lang of added(now.languages, was.languages)) emit("language-removed", `${lang} in area ${id}`, true);
    if (was.defaultLanguage !== now.defaultLanguage)
      emit("default-language-changed", `area ${id}`, false, { before: was.defaultLanguage, after: now.defaultLanguage });
    if (currency(before, id) !== currency(after, id))
      emit("currency-changed", `area ${id}`, true, { before: currency(before, id), after: currency(after, id) });
    for (const region of added(was.regions, now.regions)) emit("region-added", `${region} in area ${id}`, false);
    for (const region of added(now.regions, was.regions)) emit("region-removed", `${region} in area ${id}`, true);
  }
}

function gameChanges(before: Brand, after: Brand, emit: Emit): void {
  for (const key of added(Object.keys(before.games), Object.keys(after.games)))
    emit("game-added", `${key} (${after.games[key]?.name}, area ${after.games[key]?.area})`, false);
  for (const key of added(Object.keys(after.games), Object.keys(before.games)))
    emit("game-removed", `${key} (${before.games[key]?.name})`, true);
  for (const [key, was] of Object.entries(before.games)) {
    const now = after.games[key];
    if (was && now && now.area !== was.area) emit("game-moved", key, true, { before: was.area, after: now.area });
  }
  // A game or area added or removed is one change above, not one per client id.
  const reported = (label: string) => /^game (\S+) /.exec(label)?.[1] ?? /^area (\S+) login$/.exec(label)?.[1];
  const onBothSides = (label: string) => {
    const key = reported(label);
    if (!key) return true;
    return label.startsWith("game ") ? key in before.games && key in after.games : key in before.areas && key in after.areas;
  };
  const [was, now] = [clientIds(before), clientIds(after)];
  for (const [label, id] of now) {
    if (!onBothSides(label)) continue;
    const old = was.get(label);
    if (old === undefined) emit("client-id-added", `${label}: ${id}`, false);
    else if (old !== id) emit("client-id-changed", label, true, { before: old, after: id });
  }
  for (const [label, id] of was) if (!now.has(label) && onBothSides(label)) emit("client-id-removed", `${label}: ${id}`, true);
}

/** The paths a layout answers with a screen of its own for this brand (a route of a switched-off feature is its 404). */
function servedPaths(manifest: readonly RouteEntry[], features: Brand["features"]): string[] {
  return manifest.flatMap((route) => [
    ...(route.path !== "*" && (!route.feature || features[route.feature]) ? [route.path] : []),
    ...servedPaths(route.children ?? [], features),
  ]);
}

function layoutChanges(before: Brand, after: Brand, emit: Emit): void {
  const rules = (brand: Brand) => JSON.stringify(brand.layout);
  if (rules(before) !== rules(after))
    emit("layout-changed", "default layout and new-layout rules", false, { before: rules(before), after: rules(after) });
  for (const layout of ["old", "new"] as const) {
    const [was, now] = [servedPaths(layoutRoutes[layout], before.features), servedPaths(layoutRoutes[layout], after.features)];
    for (const path of added(was, now)) emit("route-added", `${path} (${layout} layout)`, false);
    for (const path of added(now, was)) emit("route-removed", `${path} (${layout} layout)`, true);
  }
}

/** One brand on both sides: what changed for its players and its operators. */
function brandChanges(before: ResolvedBrand, after: ResolvedBrand): Change[] {
  const out: Change[] = [];
  const emit: Emit = (kind, subject, risky, values = {}) => out.push({ brand: after.brand.id, kind, subject, ...values, risky });
  originChanges(before.brand, after.brand, emit);
  areaChanges(before.brand, after.brand, emit);
  gameChanges(before.brand, after.brand, emit);
  layoutChanges(before.brand, after.brand, emit);
  if (before.icon.svg !== after.icon.svg) emit("icon-changed", "its SVG (and the PNGs drawn from it)", false);
  const currencyReported = out.some((c) => c.kind === "currency-changed");
  for (const setting of settingChanges(before.brand, after.brand, currencyReported)) emit("setting-changed", setting.path, false, setting);
  return out;
}

/** A brand's deployed hosts, production first. */
const publicHostsOf = (resolved: ResolvedConfig, id: string) =>
  Object.entries(resolved.publicHosts)
    .filter(([, entry]) => entry.brand === id)
    .sort(([a, x], [b, y]) => (x.mode === y.mode ? a.localeCompare(b) : x.mode === "production" ? -1 : 1))
    .map(([host]) => host);

/** Every change between two resolved models, brand by brand (the head's order, then the brands removed). */
export function modelChanges(base: ResolvedConfig, head: ResolvedConfig): Change[] {
  const baseBrands = new Map(base.brands.map((b) => [b.brand.id, b]));
  const headIds = new Set(head.brands.map((b) => b.brand.id));
  const both = new Set([...headIds].filter((id) => baseBrands.has(id)));
  const hosts = hostChanges(base, head, both);
  const out: Change[] = [];
  if (base.config.huaweiClientId !== head.config.huaweiClientId)
    out.push({
      kind: "setting-changed",
      subject: "huaweiClientId",
      before: base.config.huaweiClientId,
      after: head.config.huaweiClientId,
      risky: false,
    });
  for (const after of head.brands) {
    const { id } = after.brand;
    const before = baseBrands.get(id);
    if (!before) out.push({ brand: id, kind: "brand-added", subject: `${id} on ${publicHostsOf(head, id).join(", ")}`, risky: false });
    // A new brand's hosts are in its line, unless they were another brand's.
    out.push(...hosts.filter((c) => c.brand === id), ...(before ? brandChanges(before, after) : []));
  }
  for (const { brand } of base.brands)
    if (!headIds.has(brand.id))
      out.push({
        brand: brand.id,
        kind: "brand-removed",
        subject: `${brand.id} on ${publicHostsOf(base, brand.id).join(", ")}`,
        risky: true,
      });
  return out;
}
