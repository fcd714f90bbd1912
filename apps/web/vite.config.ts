import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Keep the browser's Host so the server's same-origin check for cookie mutations sees :5173 as itself.
    proxy: Object.fromEntries(["/trpc", "/api", "/dev", "/healthz"].map((path) => [path, { target: api, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    // scripts/check-bundle-size.mjs reads it to sum each route's initial JavaScript.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the data layer change rarely: cache them apart from screens.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return "react";
          if (/node_modules\/(@tanstack|@trpc|superjson|copy-anything|is-what)\//.test(id)) return "data";
          return undefined;
        },
      },
    },
  },
});
