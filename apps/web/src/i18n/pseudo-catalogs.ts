/** The pseudo-locale's catalogs (English, made 40 % longer by the catalogs' Vite plugin); only a test chooses it. */
const files = import.meta.glob<Record<string, unknown>>("./*/en.json", { base: "../../../../packages/i18n/catalogs", import: "default", query: "?pseudo" });

export async function pseudoCatalog(namespace: string): Promise<Record<string, unknown>> {
  const loader = files[`./${namespace}/en.json`];
  return loader ? loader() : {};
}
