import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Small modules that several pages share (the UI kit, the shell, icons, query hooks and the light shared
 * constants), kept in one chunk that loads beside the entry: left to themselves they become a dozen files
 * of a few hundred bytes each, and on a slow phone connection every further round of requests costs more
 * than the page's own code. Validation schemas (zod) and the socket client stay with the pages that use them.
 */
const COMMON_CHUNK =
  /[\\/](node_modules[\\/](lucide-react|@tanstack[\\/]react-query)|apps[\\/]web[\\/]src[\\/](ui|shell)|packages[\\/]shared[\\/]src[\\/](constants|formats|rules|points|ranks|errors|age|playban|time-words|debate[\\/](clock|matchmaking)))[\\/.]/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every script and stylesheet the build emits, for the
 * server to send as they are (`preCompressed`): a seventh smaller than what it compresses on the fly, at no
 * cost per request.
 */
function precompress(): Plugin {
  return {
    name: 'resolved:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const source = fs.readFileSync(file);
        if (source.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: {
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'common', test: COMMON_CHUNK, minShareCount: 2 }] } },
    },
  },
});
