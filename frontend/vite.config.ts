import {defineConfig} from 'vitest/config';
import {entryAfterPaint} from './scripts/entryAfterPaint.mjs';
import {wordPerModule} from './scripts/wordPerModule.mjs';

// The client bundle (`vite build`) and the server-render bundle (`vite build --ssr`) share
// this file. The engine passes `--base` from site.toml, so asset URLs honour the base URL.
export default defineConfig(({isSsrBuild}) => ({
  plugins: [wordPerModule(), entryAfterPaint()],
  oxc: {jsx: {runtime: 'automatic'}},
  // See src/app/reactDomServer.ts.
  resolve: {
    alias: isSsrBuild ? [{find: /^react-dom$/, replacement: '/src/app/reactDomServer.ts'}] : [],
  },
  build: {
    target: 'es2020',
    manifest: true,
    reportCompressedSize: false,
    // Modern browsers only (es2020); the polyfill would cost bytes on every page.
    modulePreload: {polyfill: false},
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React and the shell every page needs) in the
        // entry chunk itself: one file instead of four, and one gzip stream compresses better.
        // Lazy chunks (other layouts, demos, search) stay apart.
        // Words no first-load module uses go into the chunk that uses them; the few that several
        // chunks share, into one chunk rather than one per word.
        codeSplitting: {
          groups: [
            {name: 'index', tags: ['$initial']},
            {name: 'words', test: /\0word:/, minShareCount: 2},
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
}));
