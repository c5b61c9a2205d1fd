import type { Professional } from "@clinora/contracts";
import { describe, expect, it } from "vitest";
import { matchesProfessionalSearch } from "./match-professional";

const professional = {
  full_name: "Dra. Conceição Araújo",
  email: "conceicao@clinica.com.br",
  specialty: "Psicologia",
} as Professional;

describe("matchesProfessionalSearch", () => {
  it.each(["conceicao", "ARAÚJO", "clinica.com", "psico", "  ", ""])("finds %j", (search) => {
    expect(matchesProfessionalSearch(professional, search)).toBe(true);
  });

  it.each(["cardio", "São Paulo"])("does not find %j", (search) => {
    expect(matchesProfessionalSearch(professional, search)).toBe(false);
  });

  it("skips a missing email", () => {
    expect(matchesProfessionalSearch({ ...professional, email: null }, "clinica")).toBe(false);
  });
});
