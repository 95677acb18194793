// A Vite plugin: the table of words (src/i18n/zh-hans.json) as one module per word, so that each
// word goes into the chunk that uses it and the first-load bundle carries only the words the
// first page shows. TypeScript still sees the JSON file itself.
import fs from 'node:fs';
import path from 'node:path';

const WORDS = path.resolve(import.meta.dirname, '../src/i18n/zh-hans.json');
const WORD = '\0word:';

/** @returns {import('vite').Plugin} */
export function wordPerModule() {
  /** @returns {Record<string, string>} */
  const words = () => JSON.parse(fs.readFileSync(WORDS, 'utf8'));
  return {
    name: 'word-per-module',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (id.startsWith(WORD)) return id;
      if (!id.endsWith('zh-hans.json') || !importer) return null;
      const resolved = await this.resolve(id, importer, {skipSelf: true});
      return resolved?.id === WORDS ? `${WORD}table` : null;
    },
    load(id) {
      if (!id.startsWith(WORD)) return null;
      this.addWatchFile(WORDS);
      const key = id.slice(WORD.length);
      const table = words();
      if (key === 'table')
        return Object.keys(table)
          .map((k) => `export {default as ${k}} from '${WORD}${k}';`)
          .join('\n');
      return `export default ${JSON.stringify(table[key])};`;
    },
  };
}
