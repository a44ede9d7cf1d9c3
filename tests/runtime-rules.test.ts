import { describe, expect, it } from "vitest";
import { modeForHost } from "../core/browser/config/hosts.ts";
import { chooseLayout } from "../core/browser/config/layout.ts";
import { validateFile } from "../core/node/config/validate.ts";
import { gameForClientId, resolveArea } from "../runtime/lib/area.ts";
import { normalizeLanguage, resolveLanguage } from "../runtime/lib/language.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const { config } = await validateFile(DEMO_CONFIG);
const brand = (id: string) => {
  const b = config?.brands.find((x) => x.id === id);
  if (!b) throw new Error(`no brand ${id}`);
  return b;
};

describe("sales area", () => {
  it("takes the brand's only area first, whatever the URL says", () => {
    expect(resolveArea(brand("sakura"), { domainArea: "sea", storedArea: "kr" })).toBe("ja");
  });
  it("then the area of the game the client_id belongs to", () => {
    expect(resolveArea(brand("aurora"), { clientId: "1002002", domainArea: "eru" })).toBe("sea");
    expect(gameForClientId(brand("aurora"), "1002002")).toBe("tidecall");
  });
  it("then domain_area, then the stored area, each only when the brand has it", () => {
    expect(resolveArea(brand("aurora"), { clientId: "nope", domainArea: "eru", storedArea: "sea" })).toBe("eru");
    expect(resolveArea(brand("aurora"), { domainArea: "kr", storedArea: "sea" })).toBe("sea");
    expect(resolveArea(brand("aurora"), { domainArea: "kr", storedArea: "ja" })).toBeUndefined();
  });
});

describe("layout version", () => {
  it("uses the brand's default before an area is known", () => {
    expect(chooseLayout(brand("aurora"), undefined, "tidecall")).toBe("old");
    expect(chooseLayout(brand("hanbit"), undefined, "skyforge")).toBe("new");
  });
  it("gives the new layout when a rule's regions and games both match", () => {
    expect(chooseLayout(brand("aurora"), "sea", "tidecall")).toBe("new"); // regions only
    expect(chooseLayout(brand("aurora"), "eru", "starfall")).toBe("new"); // games only
    expect(chooseLayout(brand("aurora"), "eru", "emberfront")).toBe("old");
    expect(chooseLayout(brand("jade"), "codapay", "lotusmoon")).toBe("new"); // both
    expect(chooseLayout(brand("jade"), "codapay", "dragonsoul")).toBe("old");
  });
});

describe("language", () => {
  const allowed = ["en", "zh-cn", "zh-tw", "pt"] as const;
  it("prefers spec_lang, then saved, then browser, then the default", () => {
    expect(resolveLanguage({ param: "pt", saved: "en", browser: ["zh-TW"], allowed, fallback: "en" })).toBe("pt");
    expect(resolveLanguage({ param: "xx", saved: "zh-cn", browser: ["pt-BR"], allowed, fallback: "en" })).toBe("zh-cn");
    expect(resolveLanguage({ browser: ["de-DE", "pt-BR"], allowed, fallback: "en" })).toBe("pt");
    expect(resolveLanguage({ browser: ["de-DE"], allowed, fallback: "zh-tw" })).toBe("zh-tw");
  });
  it("maps Chinese script and region tags", () => {
    expect(normalizeLanguage("zh-Hant-HK", allowed)).toBe("zh-tw");
    expect(normalizeLanguage("zh-TW", allowed)).toBe("zh-tw");
    expect(normalizeLanguage("zh-Hans-CN", allowed)).toBe("zh-cn");
    expect(normalizeLanguage("zh", allowed)).toBe("zh-cn");
    expect(normalizeLanguage("ja-JP", allowed)).toBeUndefined();
  });
});

describe("mode", () => {
  it("is demo when the host contains 'demo'", () => {
    expect(modeForHost("pay-demo.aurora.example")).toBe("demo");
    expect(modeForHost("aurora-demo.localhost")).toBe("demo");
    expect(modeForHost("pay.aurora.example")).toBe("production");
  });
});
