import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import house from "./scripts/eslint/house-boundaries.js";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/data/**", "**/migrations/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration from config.ts, not process.env.",
        },
      ],
    },
  },
  {
    files: ["apps/server/src/config.ts", "**/*.config.ts", "apps/server/test/**", "apps/web/e2e/**", "apps/server/src/scripts/**", "apps/web/scripts/**"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // platform/ and the modules never import app.ts, seeds/, scripts/ or tables.ts; a module is reached only through
    // its index.ts and a table only through its owner (docs/decisions/029).
    files: ["apps/server/**/*.{ts,tsx,js,mjs}"],
    plugins: { house },
    rules: { "house/boundaries": "error" },
  },
  {
    // A module's index.ts names its public face one export at a time: `export *` would publish whatever a file adds.
    files: ["apps/server/src/modules/*/index.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "ExportAllDeclaration", message: "List the module's public face by name (export { a, type B } from \"./file\"), not export *." },
      ],
    },
  },
  {
    // A feature never imports another feature nor app/; components/, hooks/ and lib/ import no feature and no app/;
    // nothing of the web imports the server, and no package imports an app.
    files: ["apps/web/**/*.{ts,tsx,js,mjs}", "packages/**/*.{ts,tsx,js,mjs}"],
    plugins: { house },
    rules: { "house/boundaries": "error" },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
);
