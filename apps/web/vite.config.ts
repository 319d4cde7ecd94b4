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
        // Keep the big libraries in their own long-cached chunks.
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks|notifications)[\\/]/ },
            { name: 'charts', test: /node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z]+|victory-vendor)[\\/]/ },
          ],
        },
      },
    },
  },
});
