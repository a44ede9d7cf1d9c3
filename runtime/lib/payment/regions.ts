// Region labels: Global for GLOBAL, else the region's name in the language.

// One DisplayNames per language, made once (building one is slow on a phone).
const names = new Map<string, Intl.DisplayNames | null>();
function displayNames(language: string): Intl.DisplayNames | null {
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([language], { type: "region" }));
    } catch {
      names.set(language, null);
    }
  }
  return names.get(language) ?? null;
}

export function regionLabel(region: string, language: string, globalLabel: string): string {
  if (region === "GLOBAL") return globalLabel;
  if (region === "MMK") return regionLabel("MM", language, globalLabel);
  try {
    return displayNames(language)?.of(region) ?? region;
  } catch {
    return region;
  }
}
