import { describe, expect, it } from "vitest";
import { processOneByOne, StoppedAtFailure } from "./process-one-by-one";

describe("processOneByOne", () => {
  it("runs every id in order, never two at once", async () => {
    const log: string[] = [];
    let running = 0;
    const count = await processOneByOne(["a", "b", "c"], async (id) => {
      running += 1;
      expect(running).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.push(id);
      running -= 1;
    });
    expect(count).toBe(3);
    expect(log).toEqual(["a", "b", "c"]);
  });

  it("stops at the first failure and says how many were processed", async () => {
    const seen: string[] = [];
    const failure = new Error("409");
    const result = processOneByOne(["a", "b", "c"], async (id) => {
      seen.push(id);
      if (id === "b") throw failure;
    });
    await expect(result).rejects.toBeInstanceOf(StoppedAtFailure);
    await expect(result).rejects.toMatchObject({ processed: 1, cause: failure });
    expect(seen).toEqual(["a", "b"]);
  });
});
