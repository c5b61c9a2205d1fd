import type { CurrentUser } from "@clinora/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubBrowser } from "@/test/test-stubs";
import { clearSession, readSessionId, readStoredUser, storeSession, storeUser, subscribeToSession } from "./session";

const user: CurrentUser = {
  id: "7d3c1f0e-4b1a-4c55-9a57-2f6f0b0d9e11",
  email: "ana.souza@clinora.com.br",
  full_name: "Dra. Ana Souza",
  role: "professional",
  status: "active",
  professional_id: null,
  clinic_name: null,
  last_login: null,
  professional: null,
};

let browser: ReturnType<typeof stubBrowser>;

beforeEach(() => {
  browser = stubBrowser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("session storage", () => {
  it("keeps the session under the keys session_id and user", () => {
    storeSession("s-1", user);
    expect(browser.storage.getItem("session_id")).toBe("s-1");
    expect(JSON.parse(browser.storage.getItem("user")!)).toEqual(user);
    expect(readSessionId()).toBe("s-1");
    expect(readStoredUser()).toEqual(user);
  });

  it("refreshes the user without touching the session id", () => {
    storeSession("s-1", user);
    storeUser({ ...user, full_name: "Ana Souza" });
    expect(readSessionId()).toBe("s-1");
    expect(readStoredUser()?.full_name).toBe("Ana Souza");
  });

  it("clears both keys and tells subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    storeSession("s-1", user);
    clearSession();

    expect(readSessionId()).toBeNull();
    expect(readStoredUser()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    storeSession("s-2", user);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("treats a corrupt stored user as absent", () => {
    browser.storage.setItem("user", "{not json");
    expect(readStoredUser()).toBeNull();
  });
});
