import { describe, expect, it } from "vitest";
import { appointmentTimeSchema } from "./appointments";
import { isoDateSchema } from "./common";
import { MSG } from "./messages";

describe("appointment time", () => {
  it.each([
    ["09:30", "09:30"],
    ["9:30", "09:30"],
    ["00:00", "00:00"],
    ["23:59", "23:59"],
  ])("accepts %s as %s", (input, output) => {
    expect(appointmentTimeSchema.parse(input)).toBe(output);
  });

  it.each(["24:00", "12:60", "1230", "12:5", "", "aa:bb", "123:00"])("refuses %j with the form's message", (input) => {
    const result = appointmentTimeSchema.safeParse(input);
    expect(result.error?.issues.map((i) => i.message)).toEqual([MSG.appointmentTimeInvalid]);
  });
});

describe("ISO date", () => {
  it("accepts real calendar dates, leap days included", () => {
    expect(isoDateSchema.parse("2028-02-29")).toBe("2028-02-29");
  });

  it.each([
    ["2026-02-31", "Data inválida"],
    ["2026-13-01", "Data inválida"],
    ["2026-2-1", "Data inválida (formato: AAAA-MM-DD)"],
    ["01/02/2026", "Data inválida (formato: AAAA-MM-DD)"],
  ])("refuses %s with one message", (input, message) => {
    expect(isoDateSchema.safeParse(input).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});
