import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "./db-errors";

const driverError = (code: string) => Object.assign(new Error("driver"), { code });

describe("isUniqueViolation", () => {
  it("recognises SQLSTATE 23505 on the error or anywhere in its causes", () => {
    expect(isUniqueViolation(driverError("23505"))).toBe(true);
    expect(isUniqueViolation(new Error("query failed", { cause: driverError("23505") }))).toBe(true);
  });

  it("is false for other failures", () => {
    expect(isUniqueViolation(new Error("query failed", { cause: driverError("23503") }))).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
