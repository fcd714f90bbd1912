/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** SPEC §2 startup check: the mock-API setting; fixed to "false" in the product. */
  readonly VITE_USE_MOCK_API?: string;
}
