/** See bundle.mjs. */
export function bundleServer(options: { entry: string; outfile: string }): Promise<void>;
export const OPERATOR_COMMANDS: readonly string[];
export function bundleCommands(options: { sourceDir: string; outdir: string }): Promise<void>;
