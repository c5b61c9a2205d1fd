import { describe, expect, it } from "vitest";
import { joinTime, keepTimeDigits, MAX_HOUR, MAX_MINUTE, settleTimePart, splitTime } from "./time-input";

describe("time field rules", () => {
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

  it("joins the two boxes into a settled 24-hour HH:MM", () => {
    expect(joinTime("7", "5")).toBe("07:05");
    expect(joinTime("19", "")).toBe("19:00");
    expect(joinTime("24", "60")).toBe("23:59");
  });

  it("splits a time into its boxes", () => {
    expect(splitTime("09:30")).toEqual({ hour: "09", minute: "30" });
    expect(splitTime("9:30:00")).toEqual({ hour: "09", minute: "30" });
    expect(splitTime("")).toEqual({ hour: "", minute: "" });
  });
});
