/** Thrown by processOneByOne: which item failed, how many succeeded before it, and the original error. */
export class StoppedAtFailure extends Error {
  override readonly name = "StoppedAtFailure";
  constructor(
    readonly processed: number,
    override readonly cause: unknown,
  ) {
    super(`Interrompido após ${processed} item(ns)`);
  }
}

/**
 * Runs `run` for each id in order, one at a time, and stops at the first failure (docs/product/admin.md §7: bulk
 * actions). Resolves with the number processed; rejects with StoppedAtFailure.
 */
export async function processOneByOne(ids: readonly string[], run: (id: string) => Promise<unknown>): Promise<number> {
  let processed = 0;
  for (const id of ids) {
    try {
      await run(id);
    } catch (error) {
      throw new StoppedAtFailure(processed, error);
    }
    processed += 1;
  }
  return processed;
}
