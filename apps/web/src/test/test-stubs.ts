import { vi } from "vitest";

/** In-memory Storage for unit tests, which run in Node without a DOM. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

/** Installs localStorage and the few window members the session and API client use; returns the spies. */
export function stubBrowser(pathname = "/admin") {
  const storage = createMemoryStorage();
  const assign = vi.fn();
  const addEventListener = vi.fn();
  const removeEventListener = vi.fn();
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("window", { location: { pathname, assign }, addEventListener, removeEventListener });
  return { storage, assign, addEventListener, removeEventListener };
}
