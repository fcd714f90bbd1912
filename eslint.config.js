import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/.data/**",
      "**/migrations/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "bench/.build/**",
      "**/.test-build/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // The service worker is checked with worker globals by its own config (apps/web/tsconfig.sw.json),
          // which no file finds by the name tsconfig.json.
          allowDefaultProject: ["apps/web/src/sw.ts", "apps/web/src/sw/*.ts"],
          defaultProject: "apps/web/tsconfig.sw.json",
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Rules that need the types. A promise nobody awaits or catches loses its rejection: await it, or
      // mark a deliberate fire-and-forget with `void` (react-router's navigate() settles once the next
      // screen has loaded, and a screen that fails shows RouteError, so nothing waits for it). A promise
      // handed where void is expected (a callback, a timer) is dropped the same way. JSX handlers are the
      // exception: React ignores what a handler returns, and the async ones (form submits, actions)
      // catch their own failures and show them as a toast.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // A switch over a union names every member, so a member added later is a lint error, not a silent default.
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Plain JavaScript (configs, scripts) is in no TypeScript project: no type information to lint with.
    files: ["**/*.{js,mjs,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Only env.ts files and test-only entry points read process.env.
    files: ["apps/*/src/**/*.{ts,tsx}", "packages/*/src/**/*.ts"],
    ignores: ["**/env.ts", "packages/db/src/testing.ts", "packages/db/src/migrate-cli.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through env.ts." },
      ],
    },
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
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString"].map((property) => ({
          property,
          message: "Format dates with lib/dates.ts (ADR 0011).",
        })),
      ],
    },
  },
);
