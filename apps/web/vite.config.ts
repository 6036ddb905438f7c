import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API serves the built files from apps/web/dist on the same origin, so every call is /api/...
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist' },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
