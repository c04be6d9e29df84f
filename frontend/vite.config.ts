import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The React client. Production: built into frontend/dist and served by the API at the same
 * address. Development (`npm run dev:web`): Vite on :5173 proxies the API's paths.
 */
export default defineConfig({
  root,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // React Router ships "use client" directives for server-component bundlers; in a client-only bundle they
      // mean nothing, and warning about each of them buries the warnings that do.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /"use client"/.test(warning.message)) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/health': api, '/flags': api },
  },
});
