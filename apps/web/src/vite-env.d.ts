/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** The start-up check (PRODUCT "Screens"): the mock-API setting; fixed to "false" in the product. */
  readonly VITE_USE_MOCK_API?: string;
}
