// A Web Storage stand-in for unit tests of code that keeps things in localStorage or
// sessionStorage (the staff areas' sessions, the template redirect, the chunk reload): a Map
// behind getItem, setItem and removeItem, kept in `m` so a test can read what was written.
export function memoryStore(initial: Record<string, string> = {}) {
  const m = new Map(Object.entries(initial));
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}
