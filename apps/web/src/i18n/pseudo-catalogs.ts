import { pseudoText } from "@hyn/i18n/pseudo-locale";

/** The pseudo-locale's catalogs (English, made 40 % longer by the catalogs' Vite plugin); only a test chooses it. */
const files = import.meta.glob<Record<string, unknown>>("./*/en.json", {
  base: "../../../../packages/i18n/catalogs",
  import: "default",
  query: "?pseudo",
});

export async function pseudoCatalog(namespace: string): Promise<Record<string, unknown>> {
  const loader = files[`./${namespace}/en.json`];
  return loader ? loader() : {};
}

/** Error texts (written in English by the rules and the server) as the pseudo-locale shows them. */
export { pseudoText };
