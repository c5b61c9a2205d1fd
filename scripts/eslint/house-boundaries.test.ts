import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import house, { boundaryViolation } from "./house-boundaries.js";

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

describe("house/boundaries on the web", () => {
  it("keeps features apart, through relative paths and the @/ alias alike", () => {
    expect(boundaryViolation("apps/web/src/features/tasks/api.ts", "@/features/patients/api")).toMatch(/features\/tasks must not import features\/patients/);
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "../../patients/api")).toMatch(/features\/tasks must not import features\/patients/);
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "../api")).toBeNull();
    expect(boundaryViolation("apps/web/src/features/tasks/components/x.tsx", "@/features/tasks/api")).toBeNull();
    expect(boundaryViolation("apps/web/src/features/tasks/api.ts", "@/lib/api-client")).toBeNull();
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
      'import { recordEntries, patients } from "../../platform/db/schema/index";',
      'import { recordEntries as entries } from "../../platform/db/schema/records";',
      "void recordService; void patients; void entries;",
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
      expect(messages.map((m) => m.line), file).toEqual([1, 2, 3, 3]);
      expect(messages.every((m) => /never read the prontuário/.test(m.message)), file).toBe(true);
    }
    // The modules that serve the professional may.
    expect(lint("/repo/apps/server/src/modules/privacy/privacy.service.ts", code)).toEqual([]);
  });

  it("says nothing about files outside the apps", () => {
    expect(lint("/repo/scripts/tool.ts", 'import "../apps/server/src/modules/auth/session.service";')).toEqual([]);
  });
});
