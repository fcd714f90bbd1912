import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/.data/**", "**/migrations/**", "test-results/**", "playwright-report/**", "bench/results/**", "bench/.build/**", "**/.test-build/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Only env.ts files and test-only entry points read process.env.
    files: ["apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
    ignores: ["**/env.ts", "packages/db/src/testing.ts", "packages/db/src/migrate-cli.ts"],
    rules: { "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through env.ts." }] },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // ADR 0011: the first Intl formatter of a page costs tens of milliseconds of main thread.
    files: ["apps/web/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through env.ts." },
        { object: "Intl", message: "Format dates with lib/dates.ts (ADR 0011)." },
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString"].map((property) => ({ property, message: "Format dates with lib/dates.ts (ADR 0011)." })),
      ],
    },
  },
);
