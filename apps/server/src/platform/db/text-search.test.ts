import { describe, expect, it } from "vitest";
import { foldForSearch, nameSortKey } from "./text-search";

describe("nameSortKey", () => {
  it("ignores accents and case, so names sort as a Brazilian reads them", () => {
    const names = ["Diego", "Juliana", "Luana", "débora", "Júlia", "Lívia", "Álvaro", "Ana", "Conceição", "Caio"];
    const sorted = [...names].sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : nameSortKey(a) > nameSortKey(b) ? 1 : 0));
    expect(sorted).toEqual(["Álvaro", "Ana", "Caio", "Conceição", "débora", "Diego", "Júlia", "Juliana", "Lívia", "Luana"]);
  });

  it("trims and squeezes spaces, and folds like the search text", () => {
    expect(nameSortKey("  João   da  Silva ")).toBe("joao da silva");
    expect(nameSortKey("ÂNGELA Muñoz")).toBe("angela munoz");
    expect(nameSortKey("Débora")).toBe(foldForSearch("Débora"));
  });
});
