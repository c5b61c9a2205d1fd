import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { applyServerFieldErrors } from "./form-errors";

describe("applyServerFieldErrors", () => {
  it("sets the message of each known body field and ignores the rest", () => {
    const setError = vi.fn();
    const error = new ApiError("Validation failed", {
      kind: "validation",
      status: 422,
      details: [
        { loc: ["body", "clinic_state"], msg: "UF deve ter no máximo 2 caracteres", type: "too_big" },
        { loc: ["body", "other"], msg: "x", type: "custom" },
        { loc: ["querystring", "clinic_zip"], msg: "y", type: "custom" },
      ],
    });
    expect(applyServerFieldErrors(error, setError, ["clinic_state", "clinic_zip"])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith("clinic_state", { type: "server", message: "UF deve ter no máximo 2 caracteres" });
  });

  it("does nothing for other errors", () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors(new ApiError("Erro", { kind: "http", status: 500 }), setError, ["clinic_state"])).toBe(false);
    expect(applyServerFieldErrors(new Error("x"), setError, ["clinic_state"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
