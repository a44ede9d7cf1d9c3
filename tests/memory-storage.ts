// A localStorage kept in a Map, for runtime modules tested outside a browser.
export function memoryStorage(store: Map<string, string>): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  return {
    getItem: (k) => store.get(k) ?? null,
    setItem: (k, v) => void store.set(k, v),
    removeItem: (k) => void store.delete(k),
  };
}
