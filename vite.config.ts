import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const server = `http://localhost:${process.env.PORT ?? 3000}`;

/** The default theme's header colour (SEA); the page sets the live one from the chosen team theme. */
const THEME_COLOR = '#00653a';

export default defineConfig({
  // The build the answers kept for offline use belong to (src/web/lib/offlineLink.ts): another build asks afresh.
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(Date.now().toString(36)) },
  plugins: [
    react(),
    // An installable app: the web app manifest, and a Workbox service worker (src/web/sw/sw.ts) that
    // precaches the app shell and shows push notifications. It registers from src/web/pwa/.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/web/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Hoops Exchange',
        short_name: 'Hoops',
        description: 'Trade shares in NBA players and teams with your friends, in real time.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#f3f5f8',
        theme_color: THEME_COLOR,
        categories: ['games', 'sports'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The chart library's chunk is large and only some pages need it.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Pre-compressed copies beside each asset: the server sends them to browsers that accept them.
    compression({ algorithms: [defineAlgorithm('gzip'), defineAlgorithm('brotliCompress')] }),
  ],
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
