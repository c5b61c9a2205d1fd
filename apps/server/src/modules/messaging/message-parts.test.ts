import { describe, expect, it } from "vitest";
import { splitForWhatsapp, WHATSAPP_MAX_BODY } from "./message-parts";

const sentence = (i: number) => `Frase número ${i} da resposta, com algumas palavras a mais para ocupar espaço.`;

describe("splitForWhatsapp", () => {
  it("leaves a text that fits alone and unchanged", () => {
    expect(splitForWhatsapp("Olá! Como posso ajudar?")).toEqual(["Olá! Como posso ajudar?"]);
    const exact = "a".repeat(WHATSAPP_MAX_BODY);
    expect(splitForWhatsapp(exact)).toEqual([exact]);
  });

  it("cuts a long reply between sentences, in order, each part within the limit, losing no sentence", () => {
    const sentences = Array.from({ length: 80 }, (_, i) => sentence(i + 1));
    const text = sentences.join(" ");
    expect(text.length).toBeGreaterThan(WHATSAPP_MAX_BODY * 3);
    const parts = splitForWhatsapp(text);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(WHATSAPP_MAX_BODY);
      // Every part starts a sentence and ends one.
      expect(part).toMatch(/^Frase número \d+/);
      expect(part).toMatch(/\.$/);
    }
    expect(parts.join(" ")).toBe(text);
  });

  it("keeps line breaks inside a part and cuts at them", () => {
    const lines = Array.from({ length: 60 }, (_, i) => `- Horário ${i + 1}: segunda-feira, às 08:00`);
    const parts = splitForWhatsapp(`Confirmações:\n${lines.join("\n")}`, 300);
    expect(parts.every((p) => p.length <= 300)).toBe(true);
    expect(parts[0]!.startsWith("Confirmações:\n- Horário 1:")).toBe(true);
    expect(parts.join("\n")).toBe(`Confirmações:\n${lines.join("\n")}`);
  });

  it("breaks a sentence longer than a part between words, and a word longer than a part where it must", () => {
    const words = Array.from({ length: 500 }, (_, i) => `palavra${i}`).join(" ");
    const parts = splitForWhatsapp(words);
    expect(parts.every((p) => p.length <= WHATSAPP_MAX_BODY && !p.startsWith(" ") && !p.endsWith(" "))).toBe(true);
    expect(parts.join(" ")).toBe(words);
    const blob = "x".repeat(WHATSAPP_MAX_BODY * 2 + 10);
    expect(splitForWhatsapp(blob).map((p) => p.length)).toEqual([WHATSAPP_MAX_BODY, WHATSAPP_MAX_BODY, 10]);
  });
});
