/** Vite build and dev-server setup of the back-office SPA. */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const SERVER = 'http://localhost:3000';
const PROXIED_PATHS = ['/api', '/identity', '/config.json', '/.well-known', '/health', '/ready'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // 'source' first so that '@backoffice/domain' resolves to its TypeScript source.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: SERVER }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: SERVER }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
});
