import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";

export default defineConfig({
  root: "src/client",
  publicDir: "public",
  plugins: [
    react(),
    // The app installs as a PWA, and its service worker keeps the built app on the phone so the check-in
    // page opens with no connection (issue 23). Only the check-in page registers it: the public pages carry
    // no script for it. The API is never cached by it; the check-in page keeps its own data (IndexedDB).
    VitePWA({
      injectRegister: false,
      registerType: "autoUpdate",
      manifest: {
        name: "Bemanna",
        short_name: "Bemanna",
        description: "Funktionärer från föreningar och skolklasser till ditt evenemang.",
        lang: "sv",
        start_url: "/my-pages",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#1c7c54",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,wasm,json}"],
        // The QR reader's WebAssembly (about 1 MB) is kept too: scanning works offline.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // bench/web.ts reads the chunk graph from it to weigh each page's first load.
    manifest: true,
    // Every browser of the last two years preloads modules itself; an older one loads them when imported,
    // a little later, instead of every visitor downloading the polyfill with the first page (ADR 005).
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" },
  },
});
