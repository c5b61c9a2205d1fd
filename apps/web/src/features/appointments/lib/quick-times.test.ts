import { describe, expect, it } from "vitest";
import { QUICK_TIMES } from "./quick-times";

describe("time picker quick picks", () => {
  it("offers hourly quick picks from 08:00 to 18:00", () => {
    expect(QUICK_TIMES).toEqual(["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"]);
  });
});
