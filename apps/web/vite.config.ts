import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at the highest level;
 * the API serves them to browsers that accept them (@fastify/static `preCompressed`). A copy that
 * would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'amp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir).filter((path) => compressible.test(path))) {
        // The portal's build writes into the folder of the app's build: what that build compressed stays.
        if (existsSync(`${file}.br`) && statSync(`${file}.br`).mtimeMs >= statSync(file).mtimeMs) continue;
        const content = readFileSync(file);
        if (content.length < 512) continue;
        const br = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gz = gzipSync(content, { level: 9 });
        if (br.length < content.length) writeFileSync(`${file}.br`, br);
        if (gz.length < content.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

// React Router's package points every bundler at its development build (dev warnings and their
// texts); the build takes its production build, as React's own `production` files are taken.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

/** In development, the portal's paths get the portal's page, as the API serves them in production. */
function portalPageInDevelopment(): Plugin {
  return {
    name: 'amp-portal-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && PORTAL_PATH.test(request.url)) request.url = '/portal.html';
        next();
      });
    },
  };
}
const PORTAL_PATH = /^\/report\/fault(\/|\?|$)/;

/** The primary colour's shade 6 in src/app/theme.ts (Mantine's default primary shade in the light scheme). */
const THEME_COLOUR = '#0a7f5c';

/**
 * The installable app (docs/decisions/0021-offline-pwa.md): the manifest, and a service worker of our
 * own (src/offline/cache/service-worker.ts) into which Workbox writes the list of the app build's files
 * to keep for offline use. Only the app's build has it: the portal's build comes second, into the same
 * folder, and its files stay out of the list (the portal's page never registers the worker).
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline/cache',
    filename: 'service-worker.ts',
    // The app registers the worker itself, once someone has signed in (src/offline/cache/register-service-worker.ts).
    injectRegister: false,
    manifest: {
      name: 'AMP – Asset & Maintenance Platform',
      short_name: 'AMP',
      description: 'AMP, the Asset & Maintenance Platform',
      id: '/',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The page, every chunk (pages and translations), styles, fonts and the favicon (the plugin adds the
      // manifest and its icons); not the copies the precompress plugin writes beside them: the server picks
      // those by Accept-Encoding for the worker's requests too.
      globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      globIgnores: ['**/*.br', '**/*.gz', 'portal.html', 'service-worker.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

/**
 * Mantine's useId (@mantine/hooks) starts with React's id, then swaps it for a random one in a layout
 * effect: every input, radio and select renders twice on mount, the second time synchronously inside
 * the commit (the longest task of the fault portal's first load on a phone). Nothing here renders on
 * a server, so React's id, unique within the page, serves as is; a given id still wins.
 * (docs/decisions/0023-portal-first-render-once.md)
 */
function stableMantineIds(): Plugin {
  const useIdModule = /@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
  return {
    name: 'amp-stable-mantine-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!useIdModule.test(id)) return null;
      if (!code.includes('setUuid(randomId())')) throw new Error(`${id}: Mantine's useId changed; review stableMantineIds()`);
      return {
        code: `import { useId as useReactId } from "react";
function useId(staticId) {
\tconst reactId = useReactId();
\treturn typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId };
`,
        map: null,
      };
    },
  };
}

/**
 * Two builds into one folder (`npm run build`): the app (index.html) and, with `--mode portal`, the
 * public fault portal (portal.html), a page of its own that a QR label opens on a phone: it shares no
 * chunk with the app, so its first load carries neither the router nor the signed-in shell
 * (docs/decisions/0016-portal-page-and-own-translator.md).
 */
export default defineConfig(({ command, mode }) => {
  const portal = mode === 'portal';
  return {
    plugins: [react(), stableMantineIds(), precompress(), portalPageInDevelopment(), ...(portal ? [] : [installableApp()])],
    resolve: {
      alias: command === 'build' ? [{ find: /^react-router$/, replacement: join(reactRouterDir, 'dist/production/index.mjs') }] : [],
    },
    server: { port: 5173, proxy: { '/v2': 'http://localhost:3000' } },
    build: {
      outDir: 'dist',
      // The portal's build comes second and keeps the app's files.
      emptyOutDir: !portal,
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      rolldownOptions: {
        input: resolve(import.meta.dirname, portal ? 'portal.html' : 'index.html'),
        preserveEntrySignatures: false,
        output: {
          // A first load is a few files, as each request costs a round trip and its headers on a phone
          // (docs/decisions/0013-compressed-static-and-cache.md): everything the first script imports,
          // React included, in one chunk (a separate React chunk would only help returning visitors
          // after a deploy, and costs the first visit a request and about 1.5 KB); each page in its own,
          // with the small shared parts it needs (other Mantine components, icons) copied in rather than
          // fetched as dozens of tiny files. Larger shared parts (the form library, zod, the charts) stay
          // chunks of their own. No group per library: it would hold every component used anywhere, so
          // the whole library would come with the sign-in page.
          codeSplitting: {
            groups: [{ name: portal ? 'portal' : 'app', tags: ['$initial'] }],
            experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
          },
        },
      },
    },
  };
});
