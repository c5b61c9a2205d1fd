import { ASSISTANT_TEST_MAX_TURNS, assistantTestRequestSchema } from "@clinora/contracts";
import { describe, expect, it } from "vitest";
import { hasRoomForMessage, TEST_TURN_MAX_LENGTH, testMessageSchema, testRequestOf, type TestTurn } from "./test-transcript";

const turn = (id: number, role: TestTurn["role"], content: string): TestTurn => ({ id, role, content });

describe("the assistant test transcript", () => {
  it("sends every turn, in order, with only its role and text", () => {
    const transcript: TestTurn[] = [
      turn(1, "patient", "Oi, quero marcar uma consulta"),
      { ...turn(2, "assistant", "Claro! Qual dia?"), actions: [{ tool: "list_slots", summary: "Consultou horários" }], handedOff: false },
      turn(3, "patient", "Amanhã às 14h"),
    ];
    expect(testRequestOf(transcript)).toEqual({
      messages: [
        { role: "patient", content: "Oi, quero marcar uma consulta" },
        { role: "assistant", content: "Claro! Qual dia?" },
        { role: "patient", content: "Amanhã às 14h" },
      ],
    });
  });

  it("leaves out blank answers and cuts long ones, so the server accepts the next message", () => {
    const transcript = [
      turn(1, "patient", "Preciso falar com a doutora"),
      { ...turn(2, "assistant", "   "), handedOff: true },
      turn(3, "assistant", "x".repeat(TEST_TURN_MAX_LENGTH + 50)),
      turn(4, "patient", "Obrigado"),
    ];
    const request = testRequestOf(transcript);
    expect(request.messages.map((m) => m.role)).toEqual(["patient", "assistant", "patient"]);
    expect(request.messages[1]!.content).toHaveLength(TEST_TURN_MAX_LENGTH);
    expect(assistantTestRequestSchema.safeParse(request).success).toBe(true);
  });

  it("takes the turn limit from the contract", () => {
    const full = Array.from({ length: ASSISTANT_TEST_MAX_TURNS - 1 }, (_, i) => turn(i, i % 2 ? "assistant" : "patient", `m${i}`));
    expect(hasRoomForMessage(full)).toBe(true);
    expect(hasRoomForMessage([...full, turn(99, "assistant", "fim")])).toBe(false);
    // A blank answer is not sent, so it takes no room.
    expect(hasRoomForMessage([...full, turn(99, "assistant", "")])).toBe(true);
  });

  it("validates what the professional types with the contract's rule", () => {
    expect(testMessageSchema.safeParse({ content: "  " }).error?.issues[0]?.message).toBe("Escreva uma mensagem para testar o assistente.");
    expect(testMessageSchema.safeParse({ content: " Olá " }).data).toEqual({ content: "Olá" });
    expect(testMessageSchema.safeParse({ content: "a".repeat(TEST_TURN_MAX_LENGTH + 1) }).success).toBe(false);
  });
});
