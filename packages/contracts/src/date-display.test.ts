import { describe, expect, it } from "vitest";
import {
  dateAtTime,
  dayShortMonth,
  monthYear,
  weekdayShort,
  dateAtTimeIn,
  dateIn,
  dateTimeIn,
  dayMonth,
  longDate,
  longDateWithYear,
  shortDate,
  timeIn,
  weekdayDayMonth,
  weekdayName,
} from "./date-display";

describe("calendar dates in pt-BR", () => {
  it("writes short dates", () => {
    expect(shortDate("2026-11-25")).toBe("25/11/2026");
    expect(dayMonth("2026-01-05")).toBe("05/01");
    expect(dateAtTime("2026-11-26", "14:00:00")).toBe("26/11/2026 às 14:00");
  });

  it("writes dates in full, with every weekday and month name", () => {
    expect(longDate("2026-11-25")).toBe("quarta-feira, 25 de novembro");
    expect(longDateWithYear("2026-11-25")).toBe("quarta-feira, 25 de novembro de 2026");
    expect(longDate("2026-03-01")).toBe("domingo, 1 de março");
    expect(longDate("2026-12-05")).toBe("sábado, 5 de dezembro");
    expect(longDate("2027-02-01")).toBe("segunda-feira, 1 de fevereiro");
    expect([0, 1, 2, 3, 4, 5, 6].map(weekdayName).join(" ")).toBe(
      "domingo segunda-feira terça-feira quarta-feira quinta-feira sexta-feira sábado",
    );
    expect(weekdayName(7)).toBe("");
    expect(weekdayDayMonth("2026-11-27")).toBe("sexta-feira, 27/11");
  });
});

describe("instants in a given zone", () => {
  // 02:30 UTC on the 11th: still the 10th in São Paulo (UTC-3) and Manaus (UTC-4), the 11th in Noronha (UTC-2).
  const justAfterMidnightUtc = new Date("2026-03-11T02:30:00Z");

  it("shows the wall clock of the zone passed in, not the machine's", () => {
    expect(dateTimeIn(justAfterMidnightUtc, "America/Sao_Paulo")).toBe("10/03/2026 23:30");
    expect(dateTimeIn(justAfterMidnightUtc, "America/Manaus")).toBe("10/03/2026 22:30");
    expect(dateTimeIn(justAfterMidnightUtc, "America/Noronha")).toBe("11/03/2026 00:30");
    expect(dateAtTimeIn(justAfterMidnightUtc, "UTC")).toBe("11/03/2026 às 02:30");
    expect(dateIn(justAfterMidnightUtc, "America/Sao_Paulo")).toBe("10/03/2026");
    expect(timeIn(justAfterMidnightUtc, "America/Rio_Branco")).toBe("21:30");
  });

  it("turns the day exactly at local midnight, written 00:00", () => {
    expect(dateTimeIn(new Date("2026-11-26T02:59:59Z"), "America/Sao_Paulo")).toBe("25/11/2026 23:59");
    expect(dateTimeIn(new Date("2026-11-26T03:00:00Z"), "America/Sao_Paulo")).toBe("26/11/2026 00:00");
    expect(dateTimeIn(new Date("2026-12-31T23:59:00Z"), "UTC")).toBe("31/12/2026 23:59");
    expect(dateTimeIn(new Date("2027-01-01T00:00:00Z"), "UTC")).toBe("01/01/2027 00:00");
  });

  it("keeps one offset all year in a zone without daylight saving time (São Paulo since 2019)", () => {
    expect(dateTimeIn(new Date("2026-01-15T12:00:00Z"), "America/Sao_Paulo")).toBe("15/01/2026 09:00");
    expect(dateTimeIn(new Date("2026-07-15T12:00:00Z"), "America/Sao_Paulo")).toBe("15/07/2026 09:00");
  });

  it("follows a zone's daylight saving time (São Paulo kept it until 2019)", () => {
    expect(dateTimeIn(new Date("2018-12-01T12:00:00Z"), "America/Sao_Paulo")).toBe("01/12/2018 10:00"); // UTC-2
    expect(dateTimeIn(new Date("2018-06-01T12:00:00Z"), "America/Sao_Paulo")).toBe("01/06/2018 09:00"); // UTC-3
  });

  it("works for a zone outside Brazil", () => {
    expect(dateTimeIn(justAfterMidnightUtc, "Asia/Tokyo")).toBe("11/03/2026 11:30");
    expect(dateAtTimeIn(new Date("2026-07-01T12:00:00Z"), "Europe/Lisbon")).toBe("01/07/2026 às 13:00");
  });
});

describe("calendar labels", () => {
  it("names short weekdays, months and short-month days as the agenda shows them", () => {
    expect(["2026-11-22", "2026-11-23", "2026-11-28"].map(weekdayShort)).toEqual(["dom", "seg", "sab"]);
    expect(monthYear("2026-03-11")).toBe("março de 2026");
    expect(dayShortMonth("2026-04-05")).toBe("5 de abr");
    expect(dayShortMonth("2026-12-31", true)).toBe("31 de dez de 2026");
  });
});
