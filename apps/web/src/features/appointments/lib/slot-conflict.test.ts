import { describe, expect, it } from "vitest";
import { MSG } from "@clinora/contracts";
import { ApiError } from "@/lib/api-client";
import { isSlotConflict, nearestFreeSlot, slotConflictMessage } from "./slot-conflict";

const slots = [
  { time: "08:00", available: true },
  { time: "08:50", available: false },
  { time: "09:40", available: false },
  { time: "10:30", available: true },
  { time: "11:20", available: true },
];

describe("slot conflict", () => {
  it("recognises the server's 409 by its text", () => {
    expect(isSlotConflict(new ApiError(MSG.slotAlreadyBooked, { kind: "http", status: 409, detail: MSG.slotAlreadyBooked }))).toBe(true);
    expect(isSlotConflict(new ApiError("Falhou", { kind: "http", status: 500, detail: "Erro interno do servidor" }))).toBe(false);
    expect(isSlotConflict(new Error("already booked"))).toBe(false);
  });

  it("suggests the free slot closest in minutes, the earlier one on a tie", () => {
    expect(nearestFreeSlot(slots, "09:40")).toBe("10:30");
    expect(nearestFreeSlot(slots, "08:50")).toBe("08:00");
    expect(nearestFreeSlot([{ time: "09:00", available: true }, { time: "11:00", available: true }], "10:00")).toBe("09:00");
    expect(nearestFreeSlot([{ time: "09:00", available: false }], "09:00")).toBeNull();
  });

  it("writes the three messages of the spec", () => {
    expect(slotConflictMessage("09:40", slots)).toBe("Horário 09:40 já está ocupado. Tente: 10:30");
    expect(slotConflictMessage("09:40", [])).toBe("Este horário já está ocupado. Nenhum horário disponível nesta data.");
    expect(slotConflictMessage("09:40", null)).toBe("Este horário já está ocupado. Escolha outro horário.");
  });
});
