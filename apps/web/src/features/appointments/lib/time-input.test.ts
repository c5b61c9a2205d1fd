import { describe, expect, it } from "vitest";
import { keepTimeDigits, MAX_HOUR, MAX_MINUTE, QUICK_TIMES, settleTimePart, splitTime } from "./time-input";

describe("time picker rules", () => {
  it("keeps at most two digits while typing", () => {
    expect(keepTimeDigits("1a2b3")).toBe("12");
    expect(keepTimeDigits("h")).toBe("");
  });

  it("settles empty to 00, caps hours at 23 and minutes at 59, and zero-pads", () => {
    expect(settleTimePart("", MAX_HOUR)).toBe("00");
    expect(settleTimePart("7", MAX_HOUR)).toBe("07");
    expect(settleTimePart("31", MAX_HOUR)).toBe("23");
    expect(settleTimePart("75", MAX_MINUTE)).toBe("59");
    expect(settleTimePart("05", MAX_MINUTE)).toBe("05");
  });

  it("offers hourly quick picks from 08:00 to 18:00", () => {
    expect(QUICK_TIMES).toEqual(["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
  });

  it("splits a time into its boxes", () => {
    expect(splitTime("09:30")).toEqual({ hour: "09", minute: "30" });
    expect(splitTime("9:30:00")).toEqual({ hour: "09", minute: "30" });
    expect(splitTime("")).toEqual({ hour: "", minute: "" });
  });
});
