// The project explains itself with its own documents (docs/decisions/0032-own-product-reference.md):
// every citation of a docs/ file in code or docs must name a file that exists, and a section
// (#anchor) that file has; markdown links inside docs/ and README.md must resolve the same way;
// and nothing may cite the specification or design brief the project started from, which a clone
// does not contain. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const self = 'scripts/check-doc-links.mjs';

const SOURCE_DIRS = ['apps', 'packages', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|css|sql|html)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage', '.artifacts']);

/**
 * Citations of the specification and design documents kept outside the repository: by their file
 * name, by a section or issue number after their short name, or as a "spec section".
 */
const OUTSIDE_CITATION = /\bSPEC\.md\b|\bSPEC\s+(?:\d|section|issue)|\bDESIGN\.md\b|\bDESIGN\s+rules?\b|\bspec sections?\b/;

/** Documents that may name them: the record of why they are no longer cited. */
const MAY_NAME_THEM = new Set(['docs/decisions/0032-own-product-reference.md']);

/** A docs path with optional anchors: `docs/product.md#faults`, `docs/product.md#faults, #fault-form`. */
const DOC_CITATION = /\bdocs\/([\w./-]+\.md)((?:#[\w-]+)(?:,\s*#[\w-]+)*)?/g;
/** A decision record by number alone: `docs/decisions/0008`, `decision 0015`, `decisions 0008`. */
const DECISION_NUMBER = /\bdocs\/decisions\/(\d{4})(?![\w-])|\bdecisions?\s+(\d{4})\b/gi;
/** A markdown link to a local file or anchor: `[text](../x.md#y)`, `[text](#y)`. */
const MARKDOWN_LINK = /\]\(((?!https?:|mailto:)[^)\s]*)\)/g;

function* walk(dir, accept) {
  for (const entry of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* walk(path, accept);
    else if (accept(entry)) yield path;
  }
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const decisionNumbers = new Set(readdirSync(join(root, 'docs/decisions')).map((name) => name.slice(0, 4)));

const anchorCache = new Map();
function anchorsOfFile(path) {
  if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
  return anchorCache.get(path);
}

const problems = [];

/** Checks one cited document (repository-relative path) and its anchors. */
function checkTarget(where, target, anchors) {
  const path = join(root, target);
  if (!existsSync(path)) {
    problems.push(`${where}: ${target} does not exist`);
    return;
  }
  if (!target.endsWith('.md')) return;
  const known = anchorsOfFile(path);
  for (const anchor of anchors) {
    if (!known.has(anchor)) problems.push(`${where}: ${target} has no section #${anchor}`);
  }
}

function checkCitations(file, text) {
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const match of line.matchAll(DOC_CITATION)) {
      const target = `docs/${match[1]}`;
      const anchors = (match[2] ?? '')
        .split(/,\s*/)
        .filter(Boolean)
        .map((anchor) => anchor.slice(1));
      checkTarget(where, target, anchors);
    }
    for (const match of line.matchAll(DECISION_NUMBER)) {
      const number = match[1] ?? match[2];
      if (!decisionNumbers.has(number)) problems.push(`${where}: no decision record ${number}`);
    }
    if (file !== self && !MAY_NAME_THEM.has(file) && OUTSIDE_CITATION.test(line)) {
      problems.push(`${where}: cites a document outside the repository; cite docs/product.md or docs/decisions/ instead`);
    }
  });
}

function checkMarkdownLinks(file, text) {
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(MARKDOWN_LINK)) {
      const [pathPart, anchor] = match[1].split('#');
      const target = pathPart ? relative(root, resolve(dirname(join(root, file)), pathPart)) : file;
      if (target.startsWith('..')) continue;
      checkTarget(`${file}:${index + 1}`, target, anchor ? [anchor] : []);
    }
  });
}

const sources = SOURCE_DIRS.flatMap((dir) => [...walk(join(root, dir), (name) => SOURCE_FILE.test(name))]);
const documents = [...walk(join(root, 'docs'), (name) => name.endsWith('.md')), join(root, 'README.md')];

for (const path of sources) checkCitations(relative(root, path), readFileSync(path, 'utf8'));
for (const path of documents) {
  const file = relative(root, path);
  const text = readFileSync(path, 'utf8');
  checkCitations(file, text);
  checkMarkdownLinks(file, text);
}

if (problems.length > 0) {
  console.error(`Documentation links broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Documentation links resolve (${sources.length} source files, ${documents.length} documents).`);
