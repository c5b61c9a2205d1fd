import { describe, expect, it } from "vitest";
import { dateTextProblem, dateTextToValue, isoToDateText, maskDateText, parseDateText } from "./date-input";

describe("date field rules (dd/mm/aaaa)", () => {
  it("keeps digits only, at most eight, and puts the slashes in while typing", () => {
    expect(maskDateText("2")).toBe("2");
    expect(maskDateText("25")).toBe("25");
    expect(maskDateText("251")).toBe("25/1");
    expect(maskDateText("2511")).toBe("25/11");
    expect(maskDateText("25112")).toBe("25/11/2");
    expect(maskDateText("251120261")).toBe("25/11/2026");
    expect(maskDateText("25/11/2026")).toBe("25/11/2026");
    expect(maskDateText("25-11-2026")).toBe("25/11/2026");
    expect(maskDateText("ab")).toBe("");
    // Deleting the digit after a slash leaves no dangling slash.
    expect(maskDateText("25/")).toBe("25");
  });

  it("reads a whole day-first date and refuses incomplete or impossible ones", () => {
    expect(parseDateText("25/11/2026")).toBe("2026-11-25");
    expect(parseDateText("05/01/1972")).toBe("1972-01-05");
    expect(parseDateText("29/02/2024")).toBe("2024-02-29");
    expect(parseDateText("29/02/2026")).toBeNull();
    expect(parseDateText("31/04/2026")).toBeNull();
    expect(parseDateText("13/13/2026")).toBeNull();
    expect(parseDateText("00/10/2026")).toBeNull();
    expect(parseDateText("25/11/26")).toBeNull();
    expect(parseDateText("")).toBeNull();
    // Never month-first, whatever the browser's language.
    expect(parseDateText("05/13/1972")).toBeNull();
  });

  it("shows a stored date day first", () => {
    expect(isoToDateText("1972-05-13")).toBe("13/05/1972");
    expect(isoToDateText("")).toBe("");
    expect(isoToDateText(null)).toBe("");
    expect(isoToDateText("25/11")).toBe("25/11");
  });

  it("hands the form YYYY-MM-DD, empty, or the text as typed", () => {
    expect(dateTextToValue("")).toBe("");
    expect(dateTextToValue("13/05/1972")).toBe("1972-05-13");
    expect(dateTextToValue("13/05")).toBe("13/05");
    expect(dateTextToValue("31/02/2026")).toBe("31/02/2026");
  });

  it("explains in Portuguese what is wrong with a typed text", () => {
    expect(dateTextProblem("13/05")).toBe("Data incompleta: digite no formato dd/mm/aaaa");
    expect(dateTextProblem("31/02/2026")).toBe("Data inválida: confira o dia e o mês (dd/mm/aaaa)");
    expect(dateTextProblem("2026-02-10")).toBeUndefined();
    expect(dateTextProblem("")).toBeUndefined();
    expect(dateTextProblem(null)).toBeUndefined();
  });
});
