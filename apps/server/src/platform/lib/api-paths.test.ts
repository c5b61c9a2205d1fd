import { describe, expect, it } from "vitest";
import { isApiPath, isUnderPath } from "./api-paths";

describe("API paths", () => {
  it.each([
    ["/api", true],
    ["/api/", true],
    ["/api/health", true],
    ["/api?x=1", true],
    ["/apidocs", false],
    ["/api-docs/x", false],
    ["/", false],
    ["/login", false],
    ["/chat/abc", false],
  ])("%s is an API address: %s", (url, api) => {
    expect(isApiPath(url)).toBe(api);
  });

  it("a prefix covers itself and what lies below it, not a longer name", () => {
    expect(isUnderPath("/api/docs", "/api/docs")).toBe(true);
    expect(isUnderPath("/api/docs/json", "/api/docs")).toBe(true);
    expect(isUnderPath("/api/docsx", "/api/docs")).toBe(false);
  });
});
