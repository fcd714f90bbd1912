/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** The start-up check (PRODUCT "Screens"): the mock-API setting; fixed to "false" in the product. */
  readonly VITE_USE_MOCK_API?: string;
  /** A name for this build (e.g. a version), set at build time; the page carries it as <html data-release>. */
  readonly VITE_RELEASE?: string;
}
