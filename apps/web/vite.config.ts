/**
 * Vite build and dev-server setup of the back-office SPA. The build writes a
 * brotli and a gzip copy beside each script, style and HTML file, which the
 * server sends to browsers that accept them.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkGroups } from './build/chunk-groups.ts';
import { textParts } from './build/text-parts-plugin.ts';

const SERVER = 'http://localhost:3000';
const PROXIED_PATHS = ['/api', '/identity', '/config.json', '/.well-known', '/health', '/ready'];

export default defineConfig({
  plugins: [
    react(),
    textParts(),
    // Files below 1 KB gain nothing worth a second request path.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
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
    rolldownOptions: {
      output: {
        codeSplitting: chunkGroups(),
      },
    },
  },
});
