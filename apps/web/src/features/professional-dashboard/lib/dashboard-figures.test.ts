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

  it("counts today's, completed and pending appointments and the occupancy of an 8-appointment day", () => {
    expect(dashboardFigures(day, "10:30")).toMatchObject({ today: 5, completed: 1, pending: 4, occupancy: 63 });
    expect(dashboardFigures([], "10:30")).toMatchObject({ today: 0, occupancy: 0, next: null, upcoming: [] });
  });

  it("picks as next patient the first appointment at or after now that is not cancelled", () => {
    expect(dashboardFigures(day, "08:30").next?.time).toBe("11:00");
    expect(dashboardFigures(day, "14:00").next?.time).toBe("14:00");
    expect(dashboardFigures(day, "16:01").next).toBeNull();
  });

  it("lists the first five appointments of the day as upcoming", () => {
    expect(dashboardFigures(day, "00:00").upcoming.map((a) => a.time)).toEqual(["08:00", "09:00", "10:00", "11:00", "14:00"]);
  });
});

describe("greeting", () => {
  it("uses the first word of the professional's name, keeping a title with the name", () => {
    expect(greetingName("Carlos Mendes", "Conta")).toBe("Carlos");
    expect(greetingName("Dra. Ana Souza", "Conta")).toBe("Dra. Ana");
    expect(greetingName(null, "Ana Souza")).toBe("Ana Souza");
    expect(greetingName("  ", "Ana Souza")).toBe("Ana Souza");
  });

  it("says good morning, afternoon or evening", () => {
    expect([greetingFor("08:00"), greetingFor("12:00"), greetingFor("18:30")]).toEqual(["Bom dia", "Boa tarde", "Boa noite"]);
  });
});
