// A language's part of the strings (first or later), by the loaders Vite makes of locales/*.json.
export type Strings = Record<string, unknown>;
export type Loaders = Record<string, () => Promise<{ default: Strings }>>;

export async function load(loaders: Loaders, lang: string): Promise<Strings | undefined> {
  const loader = loaders[`../../locales/${lang}.json`];
  return loader ? (await loader()).default : undefined;
}
