import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    // `npm run dev -w web` talks to the API started separately (npm run dev -w server).
    proxy: { '/api': process.env.API_INTERNAL_URL?.replace(/\/api$/, '') ?? 'http://127.0.0.1:3000' },
  },
});
