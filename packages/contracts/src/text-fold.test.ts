import { describe, expect, it } from "vitest";
import { foldAccents } from "./text-fold";

describe("foldAccents", () => {
  it("drops the accents of Portuguese letters and keeps everything else, case included", () => {
    expect(foldAccents("Não, JOÃO! Ação à vista: é ô ü ç Ç")).toBe("Nao, JOAO! Acao a vista: e o u c C");
    expect(foldAccents("Parar às 14:00 (SAIR)")).toBe("Parar as 14:00 (SAIR)");
  });

  it("folds precomposed and decomposed spellings alike", () => {
    expect(foldAccents("e\u0301")).toBe(foldAccents("\u00e9"));
  });
});
