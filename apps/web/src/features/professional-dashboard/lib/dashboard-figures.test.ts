import { describe, expect, it } from "vitest";
import type { AppointmentStatus, TodayAppointment } from "@clinora/contracts";
import { confirmationFigures, dashboardFigures, greetingFor, greetingName } from "./dashboard-figures";

const at = (time: string, status: AppointmentStatus, patient_response: TodayAppointment["patient_response"] = null): TodayAppointment => ({
  id: time,
  patient_name: `Paciente ${time}`,
  time,
  duration: 50,
  status,
  type: "Consulta",
  patient_response,
});

describe("today's confirmations", () => {
  it("counts confirmed (and by the patient), awaiting, and cancelled by the patient", () => {
    const day = [
      at("08:00", "confirmed", "confirmed"),
      at("09:00", "confirmed"),
      at("10:00", "pending"),
      at("11:00", "cancelled", "cancelled"),
      at("12:00", "cancelled"),
      at("13:00", "completed", "confirmed"),
    ];
    expect(confirmationFigures(day)).toEqual({ confirmed: 2, confirmedByPatient: 1, awaiting: 1, cancelledByPatient: 1 });
    expect(confirmationFigures([])).toEqual({ confirmed: 0, confirmedByPatient: 0, awaiting: 0, cancelledByPatient: 0 });
  });
});

describe("dashboard figures", () => {
  const day = [at("08:00", "completed"), at("09:00", "cancelled"), at("10:00", "cancelled"), at("11:00", "confirmed"), at("14:00", "pending"), at("15:00", "pending"), at("16:00", "confirmed")];
  const hours = { business_days: [1, 2, 3, 4, 5], business_start: "08:00:00", business_end: "18:00:00" };
  const MONDAY = 1;
  const SATURDAY = 6;

  it("counts today's and completed appointments, and as pending only the pending ones", () => {
    expect(dashboardFigures(day, "10:30", MONDAY, hours)).toMatchObject({ today: 5, completed: 1, pending: 2 });
  });

  it("computes the occupancy from her working minutes and the appointments' durations", () => {
    // 5 booked appointments of 50 minutes in a 10-hour day: 250 / 600.
    expect(dashboardFigures(day, "10:30", MONDAY, hours)).toMatchObject({ occupancy: 42, hours: { start: "08:00", end: "18:00" } });
    const short = { ...hours, business_start: "13:00", business_end: "17:10" };
    expect(dashboardFigures([at("13:00", "pending"), { ...at("14:00", "confirmed"), duration: 200 }], "10:30", MONDAY, short).occupancy).toBe(100);
    expect(dashboardFigures([], "10:30", MONDAY, hours)).toMatchObject({ today: 0, occupancy: 0, next: null, upcoming: [] });
  });

  it("has no occupancy on a day she does not work", () => {
    expect(dashboardFigures(day, "10:30", SATURDAY, hours)).toMatchObject({ occupancy: null, hours: null, today: 5 });
  });

  it("picks as next patient the first appointment at or after now that is not cancelled nor completed", () => {
    expect(dashboardFigures(day, "08:30", MONDAY, hours).next?.time).toBe("11:00");
    expect(dashboardFigures(day, "14:00", MONDAY, hours).next?.time).toBe("14:00");
    expect(dashboardFigures(day, "16:01", MONDAY, hours).next).toBeNull();
    expect(dashboardFigures(day, "07:00", MONDAY, hours).next?.time).toBe("11:00");
  });

  it("lists as upcoming only the appointments still ahead, at most five", () => {
    expect(dashboardFigures(day, "00:00", MONDAY, hours).upcoming.map((a) => a.time)).toEqual(["11:00", "14:00", "15:00", "16:00"]);
    expect(dashboardFigures(day, "14:30", MONDAY, hours).upcoming.map((a) => a.time)).toEqual(["15:00", "16:00"]);
    const many = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00"].map((t) => at(t, "confirmed"));
    expect(dashboardFigures(many, "08:00", MONDAY, hours).upcoming).toHaveLength(5);
  });
});

describe("greeting", () => {
  it("uses the first word of the professional's name, keeping a title with the name", () => {
    expect(greetingName("Carlos Mendes", "Conta")).toBe("Carlos");
    expect(greetingName("Dra. Ana Souza", "Conta")).toBe("Dra. Ana");
    expect(greetingName(null, "Ana Souza")).toBe("Ana Souza");
    expect(greetingName("  ", "Ana Souza")).toBe("Ana Souza");
  });

  it("says good morning, afternoon or evening, and still good evening in the small hours", () => {
    expect([greetingFor("08:00"), greetingFor("12:00"), greetingFor("18:30")]).toEqual(["Bom dia", "Boa tarde", "Boa noite"]);
    expect([greetingFor("00:10"), greetingFor("04:59"), greetingFor("05:00")]).toEqual(["Boa noite", "Boa noite", "Bom dia"]);
  });
});
