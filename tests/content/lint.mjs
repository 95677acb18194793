// Content lint: the checks a Chinese page must pass that the engine does not make.
// Used by content.test.mjs and runnable by hand on single files while writing:
//   node tests/content/lint.mjs content/docs/guides/atom-effects.md
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse as babelParse} from '@babel/parser';
import YAML from 'yaml';

const HAN = /\p{Script=Han}/gu;

// The site glossary; its last column lists the variants prose must not use.
export const GLOSSARY_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/GLOSSARY.md');
const AVOID_HEADER = '不要用';
const LATIN_WORD = /[A-Za-z][A-Za-z0-9_'-]*/g;

// Below this share of Chinese, a page's prose counts as "mostly non-Chinese".
// A Latin word weighs as two Han characters (an average Chinese word).
export const MIN_CHINESE_SHARE = 0.5;

const PARSERS = {
  js: ['jsx'],
  javascript: ['jsx'],
  jsx: ['jsx'],
  mjs: [],
  ts: ['typescript'],
  typescript: ['typescript'],
  tsx: ['typescript', 'jsx'],
};

/** Splits a Markdown file into front matter and body. */
export function splitFrontMatter(text) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return {data: null, body: text, bodyLine: 1};
  const bodyLine = m[0].split('\n').length;
  return {data: YAML.parse(m[1]) ?? {}, body: text.slice(m[0].length), bodyLine};
}

/** Every fenced code block with its language, meta, code and first line number. */
export function codeBlocks(body, lineOffset = 1) {
  const lines = body.split('\n');
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`{]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const code = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      if (close.test(lines[j])) break;
      code.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({lang: lang.toLowerCase(), meta, code: code.join('\n'), line: i + lineOffset});
    i = j;
  }
  return blocks;
}

/** Text a reader reads as prose: no code, no URLs, no tags. */
export function proseOf(body) {
  return body
    .replace(/^\s*(`{3,}|~{3,})[\s\S]*?^\s*\1\s*$/gm, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^:::.*$/gm, ' ');
}

export function chineseShare(text) {
  const han = (text.match(HAN) || []).length;
  const latin = (text.match(LATIN_WORD) || []).length;
  if (han + latin === 0) return 0;
  return han / (han + 2 * latin);
}

export function parseCode(lang, code) {
  const plugins = PARSERS[lang];
  if (!plugins) return null;
  try {
    babelParse(code, {
      sourceType: 'module',
      plugins,
      errorRecovery: false,
      allowAwaitOutsideFunction: true,
    });
    return null;
  } catch (e) {
    return e.message;
  }
}

/** Cells of a Markdown table row, or null when the line is not one. */
function tableCells(line) {
  const t = line.trim();
  if (!t.startsWith('|') || !t.endsWith('|')) return null;
  return t.slice(1, -1).split('|').map((c) => c.trim());
}

/**
 * The avoided variants of a glossary file: [{variant, preferred, line}], from the table whose
 * header has a `不要用` column (variants in backticks) and a `中文` column (the term to use).
 */
export function loadGlossary(file = GLOSSARY_FILE) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const rel = path.relative(process.cwd(), file);
  const header = lines.findIndex((l) => tableCells(l)?.includes(AVOID_HEADER));
  if (header < 0) throw new Error(`${rel}: no table with a \`${AVOID_HEADER}\` column`);
  const cols = tableCells(lines[header]);
  const avoidCol = cols.indexOf(AVOID_HEADER);
  const termCol = cols.indexOf('中文');
  const entries = [];
  for (let i = header + 2; i < lines.length; i++) {
    const cells = tableCells(lines[i]);
    if (!cells) break;
    if (cells.length !== cols.length) throw new Error(`${rel}:${i + 1}: expected ${cols.length} cells`);
    for (const [, variant] of cells[avoidCol].matchAll(/`([^`]+)`/g)) {
      entries.push({variant, preferred: cells[termCol], line: i + 1});
    }
  }
  return entries;
}

/** A variant as a pattern: Chinese anywhere, Latin as a whole word in any case. */
function variantPattern(variant) {
  const escaped = variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return /^[\x20-\x7e]+$/.test(variant)
    ? new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`, 'gi')
    : new RegExp(escaped, 'g');
}

/**
 * The file's lines with everything that is not prose blanked: fenced code blocks, code spans,
 * link targets, URLs, HTML tags, heading ids, and English given in full-width brackets.
 */
export function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length && !line.trim().slice(open[1].length)) {
        fence = null;
      }
      return '';
    }
    if (open) {
      fence = open[1];
      return '';
    }
    return line
      .replace(/(`+)[\s\S]*?\1/g, ' ')
      .replace(/\]\([^)]*\)/g, '] ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/<[^>\n]+>/g, ' ')
      .replace(/\{#[^}]*\}/g, ' ')
      .replace(/（[^（）\p{Script=Han}]*）/gu, ' ');
  });
}

/** Every avoided glossary variant in the prose of a file, as "file:line: message". */
export function glossaryProblems(rel, text, glossary = loadGlossary()) {
  const problems = [];
  proseLines(text).forEach((line, i) => {
    for (const {variant, preferred} of glossary) {
      if (variantPattern(variant).test(line)) {
        problems.push(`${rel}:${i + 1}: “${variant}” is not the site's term; write ${preferred} (content/GLOSSARY.md)`);
      }
    }
  });
  return problems;
}

let glossaryCache = null;
const glossary = () => (glossaryCache ??= loadGlossary());

/** All problems of one Markdown file, as strings "file:line: message". */
export function lintFile(file) {
  const problems = [];
  const rel = path.relative(process.cwd(), file);
  const text = fs.readFileSync(file, 'utf8');
  let fm;
  try {
    fm = splitFrontMatter(text);
  } catch (e) {
    return [`${rel}:1: front matter is not valid YAML: ${e.message}`];
  }
  const {data, body, bodyLine} = fm;
  if (!data) problems.push(`${rel}:1: no front matter`);
  const hasHan = (s) => typeof s === 'string' && (s.match(HAN) || []).length > 0;
  if (!hasHan(data?.title)) problems.push(`${rel}:1: front matter needs a Chinese title`);
  if (!hasHan(data?.description)) problems.push(`${rel}:1: front matter needs a Chinese description`);
  const share = chineseShare(proseOf(body));
  if (share < MIN_CHINESE_SHARE) {
    problems.push(`${rel}:1: prose is mostly non-Chinese (Chinese share ${share.toFixed(2)} < ${MIN_CHINESE_SHARE})`);
  }
  for (const block of codeBlocks(body, bodyLine)) {
    if (/(^|\s)fragment(\s|$)/.test(block.meta)) continue;
    const err = parseCode(block.lang, block.code);
    if (err) problems.push(`${rel}:${block.line}: ${block.lang} code block does not parse: ${err}`);
  }
  problems.push(...glossaryProblems(rel, text, glossary()));
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  const problems = files.flatMap((f) => lintFile(f));
  for (const p of problems) console.log(p);
  console.log(problems.length ? `${problems.length} problem(s)` : `ok: ${files.length} file(s)`);
  process.exit(problems.length ? 1 : 0);
}
