import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const server = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // Pre-compressed copies beside each asset: the server sends them to browsers that accept them.
  plugins: [react(), compression({ algorithms: [defineAlgorithm('gzip'), defineAlgorithm('brotliCompress')] })],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/healthz': server,
      '/trpc': { target: server, ws: true },
    },
  },
});
