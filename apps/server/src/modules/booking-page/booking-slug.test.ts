import { describe, expect, it } from "vitest";
import { BOOKING_SLUG_PATTERN } from "@clinora/contracts";
import { slugOf } from "./booking-page-context";

describe("the booking page's address made from the professional's name", () => {
  // Whole words up to 34 characters, leaving room for "-2", "-3"… when the address is taken.
  it.each([
    ["Dra. Ana Souza", "ana-souza"],
    ["Dr. João da Silva Conceição", "joao-da-silva-conceicao"],
    ["Prof. Érica Müller", "erica-muller"],
    ["Maria Aparecida dos Santos Oliveira Cavalcanti de Albuquerque", "maria-aparecida-dos-santos"],
    ["Li", "agenda-li"],
    ["  ", "agenda-clinica"],
  ])("%s → %s", (name, slug) => {
    expect(slugOf(name)).toBe(slug);
    expect(slugOf(name)).toMatch(BOOKING_SLUG_PATTERN);
  });

  it("the pattern refuses what the settings form must refuse", () => {
    for (const bad of ["ab", "Ana", "-ana", "ana-", "ana--souza", "ana souza", "ana_souza", "a".repeat(41)]) expect(BOOKING_SLUG_PATTERN.test(bad), bad).toBe(false);
    for (const good of ["abc", "ana-souza-2", "a".repeat(40), "123"]) expect(BOOKING_SLUG_PATTERN.test(good), good).toBe(true);
  });
});
