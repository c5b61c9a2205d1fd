import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import house, * as houseRule from "./house-boundaries.js";

const { boundaryViolation, TABLE_CROSSINGS } = houseRule;

describe("house/boundaries on the server", () => {
  it("keeps platform below the modules, the seeds and the app", () => {
    expect(boundaryViolation("apps/server/src/platform/plugins/auth.ts", "../../modules/auth")).toMatch(/platform\/ must not import modules\//);
    expect(boundaryViolation("apps/server/src/platform/db/client.ts", "../../modules/patients/patient.repository")).toMatch(/platform\/ must not import modules\//);
    expect(boundaryViolation("apps/server/src/platform/db/client.ts", "../../seeds/demo")).toMatch(/seeds/);
    expect(boundaryViolation("apps/server/src/platform/plugins/web.ts", "../../app")).toMatch(/app\.ts/);
    expect(boundaryViolation("apps/server/src/platform/plugins/web.ts", "../lib/api-paths")).toBeNull();
    // A test sits on top: a platform test may build the whole app.
    expect(boundaryViolation("apps/server/src/platform/plugins/rate-limit.api.test.ts", "../../app")).toBeNull();
  });

  it("lets a file reach another module only through its index", () => {
    const deep = boundaryViolation("apps/server/src/modules/tasks/task.service.ts", "../patients/patient.repository");
    expect(deep).toBe('modules/patients is reached only through its index ("…/modules/patients"), not patient.repository: its other files are private.');
    expect(boundaryViolation("apps/server/src/modules/tasks/task.service.ts", "../patients")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/tasks/task.service.ts", "../patients/index")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/tasks/task.service.ts", "../patients/index.js")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/assistant/safety/safety-answer.ts", "../../professionals/professional.service")).toMatch(/through its index/);
    expect(boundaryViolation("apps/server/src/app.ts", "./modules/auth/session.service")).toMatch(/through its index/);
    expect(boundaryViolation("apps/server/src/seeds/demo.ts", "../modules/patients/patient.repository")).toMatch(/through its index/);
    expect(boundaryViolation("apps/server/test/tenancy.api.test.ts", "../src/modules/users/user.repository")).toMatch(/through its index/);
    expect(boundaryViolation("apps/server/src/scripts/backup.ts", "../modules/backups/backup.service")).toMatch(/through its index/);
  });

  it("leaves a module's own files, packages and the platform alone", () => {
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "./patient.repository")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/assistant/safety/safety-answer.ts", "../assistant-prompt")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "../../platform/db/client")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "@clinora/contracts")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "drizzle-orm")).toBeNull();
  });
});

describe("house/boundaries: each table through its owner", () => {
  it("lets a module import its own tables, and a table file another's (a foreign key)", () => {
    expect(boundaryViolation("apps/server/src/modules/tasks/task.repository.ts", "./tasks.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/tasks/tasks.schema.ts", "../patients/patients.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/records/records.schema.ts", "../professionals/professionals.schema")).toBeNull();
  });

  it("refuses another module's tables to a module's code, naming the owner and the way out", () => {
    expect(boundaryViolation("apps/server/src/modules/leads/lead.service.ts", "../patients/patients.schema")).toBe(
      "modules/leads must not import the tables of modules/patients (patients.schema): a table is reached through its owner's index; a deliberate crossing is named in TABLE_CROSSINGS with its reason in docs/decisions/029.",
    );
    // A crossing is named for one file and its owners only: the same module's other files, or another owner, fail.
    expect(boundaryViolation("apps/server/src/modules/privacy/privacy.repository.ts", "../patients/patients.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/privacy/privacy.service.ts", "../patients/patients.schema")).toMatch(/must not import the tables of modules\/patients/);
    expect(boundaryViolation("apps/server/src/modules/privacy/privacy.repository.ts", "../payments/payments.schema")).toMatch(/must not import the tables of modules\/payments/);
    // The prontuário's and the payments' tables, the most sensitive, are on no crossing.
    expect(boundaryViolation("apps/server/src/modules/professionals/professional.repository.ts", "../records/records.schema")).toMatch(/tables of modules\/records/);
    expect(boundaryViolation("apps/server/src/modules/patients/patient.repository.ts", "../payments/payments.schema")).toMatch(/tables of modules\/payments/);
  });

  it("lets the composition level (seeds, scripts, tests, tables.ts) write every module's rows", () => {
    expect(boundaryViolation("apps/server/src/tables.ts", "./modules/patients/patients.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/seeds/demo.seed.ts", "../modules/patients/patients.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/scripts/bench-soak.ts", "../modules/messaging/messaging.schema")).toBeNull();
    expect(boundaryViolation("apps/server/test/factories.ts", "../src/modules/patients/patients.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/tasks/task.api.test.ts", "../patients/patients.schema")).toBeNull();
    // app.ts composes operations, not rows.
    expect(boundaryViolation("apps/server/src/app.ts", "./modules/patients/patients.schema")).toMatch(/src\/app\.ts must not import the tables of modules\/patients/);
  });

  it("names every crossing once, with its owners and a reason, each owner's tables really read there", () => {
    const files = TABLE_CROSSINGS.map((c) => c.file);
    expect(new Set(files).size).toBe(files.length);
    for (const crossing of TABLE_CROSSINGS) {
      const path = `apps/server/src/modules/${crossing.file}`;
      expect(existsSync(path), crossing.file).toBe(true);
      expect(crossing.owners.length, crossing.file).toBeGreaterThan(0);
      expect(crossing.why.length, crossing.file).toBeGreaterThan(20);
      // A crossing whose file no longer imports an owner's tables is stale: the allow-list names only what is used.
      const source = readFileSync(path, "utf8");
      for (const owner of crossing.owners) expect(source, `${crossing.file} reads ${owner}`).toMatch(new RegExp(`from "\\.\\./${owner}/${owner}\\.schema"`));
    }
  });

  it("has no pending crossings left: the files written before tables had owners read through the owners' index", () => {
    expect(Object.keys(houseRule)).not.toContain("PENDING_TABLE_CROSSINGS");
    for (const [file, owner] of [
      ["tasks/task.repository.ts", "patients"],
      ["users/user.repository.ts", "professionals"],
      ["patients/patient.repository.ts", "appointments"],
      ["assistant-settings/assistant-settings.repository.ts", "professionals"],
      ["assistant-settings/assistant-switch.ts", "ai-settings"],
      ["reminders/reminder.repository.ts", "appointments"],
      ["reminders/reminder.repository.ts", "patients"],
      ["reminders/reminder.repository.ts", "professionals"],
      ["records/record.repository.ts", "professionals"],
      ["payments/payments.repository.ts", "professionals"],
    ]) {
      expect(boundaryViolation(`apps/server/src/modules/${file}`, `../${owner}/${owner}.schema`), file).toMatch(new RegExp(`must not import the tables of modules/${owner}`));
    }
    // The crossings that stay are named for their owners only.
    expect(boundaryViolation("apps/server/src/modules/appointments/appointment.repository.ts", "../patients/patients.schema")).toBeNull();
    expect(boundaryViolation("apps/server/src/modules/appointments/appointment.service.ts", "../patients/patients.schema")).toMatch(/must not import the tables/);
  });
});

describe("house/boundaries above the house and between the apps", () => {
  it("keeps app.ts, seeds/, scripts/ and tables.ts out of the modules and the platform", () => {
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "../../app")).toMatch(/^modules\/patients must not import app\.ts/);
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "../../seeds/demo.seed")).toMatch(/^modules\/patients must not import seeds\//);
    expect(boundaryViolation("apps/server/src/modules/backups/backup.service.ts", "../../scripts/backup")).toMatch(/^modules\/backups must not import scripts\//);
    expect(boundaryViolation("apps/server/src/modules/patients/patient.service.ts", "../../tables")).toMatch(/^modules\/patients must not import tables\.ts/);
    expect(boundaryViolation("apps/server/src/platform/jobs/job-queue.ts", "../../scripts/backup")).toMatch(/^platform\/ must not import scripts\//);
    expect(boundaryViolation("apps/server/src/platform/db/client.ts", "../../tables")).toMatch(/^platform\/ must not import tables\.ts/);
    // A test sits on top of what it tests.
    expect(boundaryViolation("apps/server/src/modules/patients/patient.api.test.ts", "../../tables")).toBeNull();
  });

  it("keeps the web off the server and the packages off the apps, by relative path or package name", () => {
    expect(boundaryViolation("apps/web/src/lib/api-client.ts", "../../../server/src/platform/lib/app-error")).toMatch(/the web must not import the server/);
    expect(boundaryViolation("apps/web/e2e/patients.spec.ts", "../../server/test/fixed-moments")).toMatch(/the web must not import the server/);
    expect(boundaryViolation("packages/contracts/src/index.ts", "../../../apps/server/src/config")).toMatch(/^packages\/contracts must not import the apps/);
    expect(boundaryViolation("packages/stand-ins/src/index.ts", "../../../apps/web/src/lib/format")).toMatch(/^packages\/stand-ins must not import the apps/);
    expect(boundaryViolation("apps/web/src/lib/api-client.ts", "@clinora/server")).toMatch(/the web must not import the server/);
    expect(boundaryViolation("apps/web/src/lib/api-client.ts", "@clinora/server/src/config")).toMatch(/the web must not import the server/);
    expect(boundaryViolation("packages/contracts/src/index.ts", "@clinora/web")).toMatch(/^packages\/contracts must not import the apps/);
    // The shared contracts, reached by package name, are for everyone.
    expect(boundaryViolation("apps/web/src/lib/api-client.ts", "@clinora/contracts")).toBeNull();
    expect(boundaryViolation("apps/server/src/app.ts", "@clinora/contracts")).toBeNull();
  });
});

describe("house/boundaries on the web", () => {
  it("keeps features apart, through relative paths and the @/ alias alike", () => {
    expect(boundaryViolation("apps/web/src/features/tasks/api.ts", "@/features/patients/api")).toMatch(/features\/tasks must not import features\/patients/);
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "../../patients/api")).toMatch(/features\/tasks must not import features\/patients/);
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "../api")).toBeNull();
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "@/features/tasks/api")).toBeNull();
    expect(boundaryViolation("apps/web/src/features/tasks/api.ts", "@/lib/api-client")).toBeNull();
  });

  it("keeps features below the screens of app/", () => {
    expect(boundaryViolation("apps/web/src/features/tasks/api.ts", "@/app/router")).toMatch(/^features\/tasks must not import app\//);
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "../../../app/routes/tasks")).toMatch(/^features\/tasks must not import app\//);
  });

  it("keeps components, hooks and lib free of features and screens", () => {
    expect(boundaryViolation("apps/web/src/components/ui/button.tsx", "@/features/auth/api")).toMatch(/components\/ must not import features\//);
    expect(boundaryViolation("apps/web/src/hooks/use-x.ts", "../features/auth")).toMatch(/hooks\/ must not import features\//);
    expect(boundaryViolation("apps/web/src/lib/auth.tsx", "@/app/router")).toMatch(/lib\/ must not import app\//);
    expect(boundaryViolation("apps/web/src/lib/format.ts", "./dates")).toBeNull();
    expect(boundaryViolation("apps/web/src/app/routes/tasks.tsx", "@/features/tasks/components/tasks-page")).toBeNull();
  });
});

describe("house/boundaries as an ESLint rule", () => {
  const lint = (filename: string, code: string) =>
    new Linter({ configType: "flat", cwd: "/repo" }).verify(
      code,
      [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser }, plugins: { house }, rules: { "house/boundaries": "error" } }],
      { filename },
    );

  it("reports static, re-exported and lazy imports at their specifier, naming the rule", () => {
    const messages = lint(
      "/repo/apps/server/src/modules/tasks/task.service.ts",
      [
        'import { patientRepository } from "../patients/patient.repository";',
        'export { x } from "../patients/patient.service";',
        'export * from "../users/user.repository";',
        'const lazy = () => import("../auth/session.service");',
        'import { findPatient } from "../patients";',
        'export type Repo = typeof import("../users/user.repository");',
        "void patientRepository; void findPatient; void lazy;",
      ].join("\n"),
    );
    expect(messages.map((m) => [m.line, m.ruleId])).toEqual([
      [1, "house/boundaries"],
      [2, "house/boundaries"],
      [3, "house/boundaries"],
      [4, "house/boundaries"],
      [6, "house/boundaries"],
    ]);
    expect(messages[0]!.message).toMatch(/^house\/boundaries: modules\/patients is reached only through its index/);
  });

  it("keeps the assistant and every patient-facing channel away from the prontuário", () => {
    const code = [
      'import { recordService } from "../records";',
      'import { recordEntries as entries } from "../records/records.schema";',
      "void recordService; void entries;",
    ].join("\n");
    for (const file of [
      "/repo/apps/server/src/modules/assistant/assistant.service.ts",
      "/repo/apps/server/src/modules/web-chat/web-chat.service.ts",
      "/repo/apps/server/src/modules/whatsapp/whatsapp-webhook.service.ts",
      "/repo/apps/server/src/modules/reminders/reminder.service.ts",
      "/repo/apps/server/src/modules/booking-page/booking-page.service.ts",
      "/repo/apps/server/src/modules/messaging/messaging.service.ts",
    ]) {
      const messages = lint(file, code);
      expect(messages.map((m) => m.line), file).toEqual([1, 2, 2]);
      expect(messages.every((m) => /never read the prontuário/.test(m.message)), file).toBe(true);
    }
    // The modules that serve the professional may use its operations.
    expect(lint("/repo/apps/server/src/modules/privacy/privacy.service.ts", 'import { recordService } from "../records";\nvoid recordService;')).toEqual([]);
    // Every table at once (tables.ts) is refused to a module, and the prontuário's by name too.
    const all = lint("/repo/apps/server/src/modules/assistant/assistant.service.ts", 'import { recordEntries } from "../../tables";\nvoid recordEntries;');
    expect(all).toHaveLength(2);
    expect(all.map((m) => m.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/must not import tables\.ts/), expect.stringMatching(/must not import recordEntries: .*never read the prontuário/)]),
    );
  });

  it("says nothing about files outside the apps", () => {
    expect(lint("/repo/scripts/tool.ts", 'import "../apps/server/src/modules/auth/session.service";')).toEqual([]);
  });
});
