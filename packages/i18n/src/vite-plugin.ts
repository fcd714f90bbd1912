import { readFile } from "node:fs/promises";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { pseudoText } from "./pseudo-locale.ts";

const CATALOG = /[\\/]packages[\\/]i18n[\\/]catalogs[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/**
 * Compiles the message catalogs at build time with Lingui's own compiler, so the browser gets
 * ready-made messages and never downloads the ICU parser: Lingui's runtime only fills in values.
 * Vite's JSON plugin then makes the compiled JSON a module as usual. A message that does not parse
 * fails the build. `en.json?pseudo` is the pseudo-locale (PSEUDO_LOCALE), made from English.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: "hyn-compiled-catalogs",
    enforce: "pre",
    async load(id) {
      const [file = "", query = ""] = id.split("?");
      if (!CATALOG.test(file)) return null;
      const mapText = new URLSearchParams(query).has("pseudo") ? pseudoText : undefined;
      const source = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([key, message]) => {
          try {
            return [key, compileMessageOrThrow(message, mapText)];
          } catch (error) {
            throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
          }
        }),
      );
      // The pseudo-locale's query hides the file's type from the bundler: say it is a module.
      return mapText
        ? { code: `export default ${JSON.stringify(compiled)};`, moduleType: "js" }
        : JSON.stringify(compiled);
    },
  };
}
