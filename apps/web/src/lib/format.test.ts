import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_TIME_ZONE } from "@clinora/contracts/enums";
import { formatDate, formatDateTime, formatDateTimeLong, formatDayMonth, formatLongDate, formatPhone, formatTimeAgo, setDisplayZone } from "./format";

afterEach(() => {
  vi.useRealTimers();
});

describe("dates", () => {
  // 13:05 in São Paulo, the display zone until a user sets another.
  const afternoon = new Date("2025-03-04T16:05:00Z");

  it("formats dd/MM/yyyy, reading a date-only ISO text as that local day", () => {
    expect(formatDate("2025-03-04")).toBe("04/03/2025");
    expect(formatDate(afternoon)).toBe("04/03/2025");
  });

  it("formats timestamps with and without 'às'", () => {
    expect(formatDateTime(afternoon)).toBe("04/03/2025 13:05");
    expect(formatDateTimeLong(afternoon)).toBe("04/03/2025 às 13:05");
    expect(formatDayMonth(afternoon)).toBe("04/03");
  });

  it("writes a date in full Portuguese, capitalised", () => {
    expect(formatLongDate("2026-03-10")).toBe("Terça-feira, 10 de março de 2026");
  });

  it("reads ISO timestamps", () => {
    const iso = afternoon.toISOString();
    expect(formatDateTime(iso)).toBe("04/03/2025 13:05");
  });

  it("answers an empty string for missing or invalid values", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDateTime("not a date")).toBe("");
    expect(formatTimeAgo("31/02/2025")).toBe("");
  });

  it("says how long ago in Portuguese", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 2, 4, 12, 0));
    expect(formatTimeAgo(new Date(2025, 2, 4, 11, 55))).toBe("há 5 minutos");
    expect(formatTimeAgo(new Date(2025, 2, 6, 12, 0))).toBe("em 2 dias");
  });
});

describe("formatPhone", () => {
  it.each([
    ["+5511987654321", "(11) 98765-4321"],
    ["+551134567890", "(11) 3456-7890"],
    ["whatsapp:+5521998877665", "(21) 99887-7665"],
    ["5511987654321", "(11) 98765-4321"],
    ["11987654321", "(11) 98765-4321"],
    ["(55) 99123-4567", "(55) 99123-4567"],
  ])("shows %s as %s", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it("leaves foreign and partial numbers as given", () => {
    expect(formatPhone("+14155550123")).toBe("+14155550123");
    expect(formatPhone("+55119")).toBe("+55119");
    expect(formatPhone("1234")).toBe("1234");
  });

  it("answers an empty string for no number", () => {
    expect(formatPhone(null)).toBe("");
    expect(formatPhone("")).toBe("");
  });
});

describe("the display zone", () => {
  afterEach(() => setDisplayZone(DEFAULT_TIME_ZONE));

  it("shows moments in the practice's zone, whatever the browser's", () => {
    const instant = "2026-03-04T03:30:00Z";
    expect(formatDateTime(instant)).toBe("04/03/2026 00:30");
    setDisplayZone("America/Manaus");
    expect(formatDateTime(instant)).toBe("03/03/2026 23:30");
    expect(formatDateTimeLong(instant)).toBe("03/03/2026 às 23:30");
    expect(formatDayMonth(instant)).toBe("03/03");
  });

  it("shows calendar dates as the day they name, in any zone", () => {
    setDisplayZone("Pacific/Kiritimati");
    expect(formatDate("2026-03-04")).toBe("04/03/2026");
    expect(formatLongDate("2026-03-10")).toBe("Terça-feira, 10 de março de 2026");
    setDisplayZone("America/Rio_Branco");
    expect(formatDate("2026-03-04")).toBe("04/03/2026");
  });
});
