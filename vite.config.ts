import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is server/app.ts, which wraps React Router's
  // build so the host can hand it its services (see server/main.ts).
  environments: {
    ssr: { build: { target: "node24", rollupOptions: { input: "./server/app.ts" } } },
  },
  build: { target: "es2022" },
  plugins: [reactRouter()],
});
