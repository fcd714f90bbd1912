import type { ManifestOptions } from "vite-plugin-pwa";

/**
 * The web app manifest (ADR 0016), written by the build as /manifest.webmanifest and linked from
 * index.html. Colours are the favicon's green (also index.html's theme-color) and the page's sand.
 * Icons come from scripts/render-app-icons.mjs.
 */
export const appManifest: Partial<ManifestOptions> = {
  name: "Help Your Neighbor",
  short_name: "Neighbours",
  description: "Small private groups of neighbours who pick things up for each other.",
  id: "/",
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: "#2f6f4f",
  background_color: "#faf8f3",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
