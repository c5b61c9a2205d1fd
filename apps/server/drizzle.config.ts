import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each table lives with its owner (docs/decisions/029): the modules' schema files and the platform's own (jobs, rate limits).
  schema: ["./src/modules/*/*.schema.ts", "./src/platform/*/*.schema.ts"],
  out: "./src/platform/db/migrations",
});
