import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Where the API server listens in development (`npm run dev` starts both). */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Raw (not gzip) size; the gzip budgets (150 KB before login, 60 KB per route) are checked
    // after every build by scripts/bundle-budget.mjs from this manifest.
    chunkSizeWarningLimit: 500,
    // Leaflet's sheet names its layer-switcher and default-marker PNGs, which the maps never
    // show (div markers, no layer control): emitted as files nobody asks for, not inlined as
    // 6 KB of base64 into the map's CSS.
    assetsInlineLimit: (file) => (file.includes('/node_modules/leaflet/') ? false : undefined),
    manifest: true,
    rollupOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Lazy chunks by hash alone: every lazy import carries the file names of what it needs
        // (Vite's preload list), the entry carries them for every route, and a readable name
        // costs each of those lists its bytes (the manifest still maps sources to files).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
});
