// Region labels (spec §3 country labels): Global for GLOBAL, else the region's name in the language.
export function regionLabel(region: string, language: string, globalLabel: string): string {
  if (region === "GLOBAL") return globalLabel;
  if (region === "MMK") return regionLabel("MM", language, globalLabel);
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(region) ?? region;
  } catch {
    return region;
  }
}
