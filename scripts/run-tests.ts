/**
 * `npm test`: every check of the repository, in groups (docs/decisions/040). The steps of a group run at the same time
 * and the next group starts once all of them passed; a failed step lets the rest of its group finish, then the run
 * stops and exits 1. The first step of a group writes to the terminal as it goes; the others' output is kept and
 * printed whole when the first one ends, so two reporters never mix their lines. A table of each step's time ends
 * the run.
 *
 * Why these groups: the Playwright flows leave about a third of two cores idle (a flow waits on its page, its server
 * and its timers), which the API tests fill; the checks of the first group each leave a core idle on their own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";

export interface Step {
  /** What the table calls it. */
  name: string;
  /** The root package.json script that runs it (`npm run <script>`), */
  script: string;
  /** or, instead, the command itself (the runner's own tests). */
  command?: readonly string[];
}

/** `npm test`'s groups, in order. */
export const PLAN: Step[][] = [
  [
    { name: "type check", script: "typecheck" },
    { name: "lint and import circles", script: "lint" },
    { name: "unit tests", script: "test:unit" },
  ],
  [
    { name: "build and Playwright flows", script: "test:e2e" },
    { name: "API tests on PGlite, then on PostgreSQL", script: "test:api" },
  ],
];

export interface Outcome {
  step: Step;
  seconds: number;
  /** The step's exit code; 1 when it could not start or a signal ended it. */
  code: number;
}

export interface RunOptions {
  /** Where the lead steps' output goes as it comes and the others' when their lead ends; the terminal by default. */
  write?: (text: string | Buffer) => void;
  /** Lead steps inherit the terminal (colours, live progress); false sends them through `write` too. */
  inheritTerminal?: boolean;
}

const running = new Set<ChildProcess>();

/** RunOptions with the writer settled. */
type Settled = RunOptions & { write: (text: string | Buffer) => void };

/** Runs one step; `keep` collects its output, otherwise it goes to the terminal (or `write`). Never rejects. */
function run(step: Step, keep: Buffer[] | null, options: Settled): Promise<Outcome> {
  const started = performance.now();
  const [command, ...args] = step.command ?? ["npm", "run", step.script];
  const inherit = !keep && options.inheritTerminal !== false;
  return new Promise((resolve) => {
    // Its own process group, so a stop signal reaches the whole tree (npm, vitest's forks, Chromium, the e2e server).
    const child = spawn(command!, args, { stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    const take = (chunk: Buffer) => (keep ? keep.push(chunk) : options.write(chunk));
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      running.delete(child);
      resolve({ step, seconds: (performance.now() - started) / 1000, code });
    };
    child.on("error", (error) => {
      take(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on("close", (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

async function runGroup(group: Step[], options: Settled): Promise<Outcome[]> {
  const [lead, ...rest] = group;
  const kept = rest.map(() => [] as Buffer[]);
  const others = rest.map((step, i) => run(step, kept[i]!, options));
  const outcomes = [await run(lead!, null, options)];
  for (const [i, pending] of others.entries()) {
    const outcome = await pending;
    options.write(`\n── ${outcome.step.name}, run beside ${lead!.name} ──\n`);
    options.write(Buffer.concat(kept[i]!));
    outcomes.push(outcome);
  }
  return outcomes;
}

/** m:ss, rounded to the second (59.6 s is 1:00). */
export const clockTime = (seconds: number) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

/** Whether every step of the plan ran and passed. */
const allPassed = (plan: Step[][], outcomes: Outcome[]) => outcomes.length === plan.flat().length && outcomes.every((o) => o.code === 0);

/** The closing table: each step's time (m:ss) and outcome, then the whole run's. */
function summary(plan: Step[][], outcomes: Outcome[], totalSeconds: number): string {
  const width = Math.max(3, ...plan.flat().map((s) => s.name.length));
  const lines = plan.flatMap((group) =>
    group.map((step) => {
      const outcome = outcomes.find((o) => o.step === step);
      const status = !outcome ? "not run" : outcome.code === 0 ? "passed" : `FAILED (exit ${outcome.code})`;
      const beside = step !== group[0] ? `  (beside ${group[0]!.name})` : "";
      return `${step.name.padEnd(width)}  ${(outcome ? clockTime(outcome.seconds) : "—").padStart(5)}  ${status}${beside}`;
    }),
  );
  return `${[...lines, `${"all".padEnd(width)}  ${clockTime(totalSeconds).padStart(5)}  ${allPassed(plan, outcomes) ? "passed" : "FAILED"}`].join("\n")}\n`;
}

/**
 * Runs the plan group after group and resolves with every step's outcome, in the plan's order of the steps that ran,
 * and whether all passed. A group with a failed step is the last to run.
 */
export async function runPlan(plan: Step[][], options: RunOptions = {}): Promise<{ outcomes: Outcome[]; passed: boolean; totalSeconds: number }> {
  const settled: Settled = { ...options, write: options.write ?? ((text: string | Buffer) => process.stdout.write(text)) };
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const group of plan) {
    const results = await runGroup(group, settled);
    outcomes.push(...results);
    if (results.some((r) => r.code !== 0)) break;
  }
  const totalSeconds = (performance.now() - started) / 1000;
  settled.write(`\n${summary(plan, outcomes, totalSeconds)}`);
  return { outcomes, passed: allPassed(plan, outcomes), totalSeconds };
}

/** Stops every running step's whole process tree. */
function stopAll(signal: NodeJS.Signals) {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.on("SIGINT", () => stopAll("SIGINT"));
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  const { passed } = await runPlan(PLAN);
  process.exit(passed ? 0 : 1);
}
