import { defineConfig } from 'vite';

// No plugin: Vite compiles TSX with esbuild (tsconfig `jsx: react-jsx`). No inline script or
// style is emitted, so the gateway's Content-Security-Policy can forbid them.
export default defineConfig({
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
  },
  server: { proxy: { '/v1': 'http://localhost:8080' } },
});
