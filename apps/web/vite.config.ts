import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/v2': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // React in its own long-cached chunk. Mantine and the charts are left to the bundler's own
        // splitting: a group holds every component used anywhere (and captures its dependencies), so it
        // would put the whole library on the login page (411 kB gzip with groups, 234 kB without).
        advancedChunks: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
