import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  // Server-only native modules: never pre-bundle them for the browser in dev.
  optimizeDeps: { exclude: ["@node-rs/argon2", "better-sqlite3"] },
  build: {
    // Targets the browsers the site supports; keeps output small.
    target: "es2022",
    // The server bundle's entry is server/app.ts, which wraps the React Router build.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
}));
