/** See bundle.mjs. */
export function bundleServer(options: { entry: string; outfile: string }): Promise<void>;
