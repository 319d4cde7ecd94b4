// Checks that every translation matches English: the same keys per file, no empty texts and the
// same {placeholders}. English is apps/web/src/locales/en/*.json plus the MESSAGES catalogue of
// packages/contracts/src/messages.ts, whose translations live in locales/<lang>/messages.json.
// The activity and notification texts are rendered by the API and written, in every language, in
// each module's packages/contracts/src/<module>.events.ts (read here as EVENT_MESSAGES and
// EVENT_TEXTS, so run with `node --import tsx`): every language must have every one of them with
// each {placeholder} exactly as often as in English.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const localesDir = join(root, 'apps/web/src/locales');
const messagesFile = join(root, 'packages/contracts/src/messages.ts');
const languages = ['de', 'es', 'fr', 'ja', 'zh'];
const catalogueFile = 'messages.json';

const problems = [];

/** Reads a flat JSON dictionary; reports (and returns null for) anything else. */
function readDictionary(path, label) {
  let data;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${label}: cannot be read as JSON (${error.message})`);
    return null;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    problems.push(`${label}: is not a JSON object`);
    return null;
  }
  return data;
}

/** Splits the source of `export const MESSAGES = { ... }` into string, punctuation and word tokens. */
function* tokens(source, start) {
  let i = start;
  while (i < source.length) {
    const char = source[i];
    if (/\s/.test(char)) {
      i++;
    } else if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end + 1;
    } else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      let value = '';
      let j = i + 1;
      while (j < source.length && source[j] !== char) {
        if (source[j] === '\\') {
          const next = source[j + 1];
          const escapes = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' };
          if (next === 'u' && source[j + 2] === '{') {
            const close = source.indexOf('}', j);
            value += String.fromCodePoint(Number.parseInt(source.slice(j + 3, close), 16));
            j = close + 1;
          } else if (next === 'u') {
            value += String.fromCharCode(Number.parseInt(source.slice(j + 2, j + 6), 16));
            j += 6;
          } else if (next === 'x') {
            value += String.fromCharCode(Number.parseInt(source.slice(j + 2, j + 4), 16));
            j += 4;
          } else if (next === '\n') {
            j += 2;
          } else {
            value += escapes[next] ?? next;
            j += 2;
          }
        } else {
          if (char === '`' && source.startsWith('${', j)) throw new Error('template literals with substitutions are not supported');
          value += source[j];
          j++;
        }
      }
      if (j >= source.length) throw new Error('unterminated string');
      yield { type: 'string', value };
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(char)) {
      const match = /^[\w$]+/.exec(source.slice(i));
      yield { type: 'word', value: match[0] };
      i += match[0].length;
    } else {
      yield { type: 'punct', value: char };
      i++;
    }
  }
}

/**
 * Reads an object literal whose values are string literals (possibly joined with `+` over several
 * lines) or nested object literals of the same kind; `next` yields the tokens after its `{`.
 */
function readObject(next, label, path) {
  const object = {};
  for (;;) {
    let token = next();
    if (token.type === 'punct' && token.value === '}') break;
    if (token.type !== 'string' && token.type !== 'word') throw new Error(`${label}: expected a key, found "${token.value}"`);
    const key = token.value;
    token = next();
    if (token.value !== ':') throw new Error(`${label}: expected ":" after ${key}`);
    let value;
    token = next();
    if (token.type === 'punct' && token.value === '{') {
      value = readObject(next, `${label}.${key}`, path);
      token = next();
    } else {
      value = '';
      let expectString = true;
      for (;;) {
        if (expectString) {
          if (token.type !== 'string') throw new Error(`${label}: the value of ${key} is not a string literal`);
          value += token.value;
          expectString = false;
        } else if (token.value === '+') {
          expectString = true;
        } else {
          break;
        }
        token = next();
      }
    }
    if (Object.hasOwn(object, key)) problems.push(`${path}: ${label}: ${key} is defined twice`);
    object[key] = value;
    if (token.value === '}') break;
    if (token.value !== ',') throw new Error(`${label}: expected "," or "}" after ${key}, found "${token.value}"`);
  }
  return object;
}

/** The object literal of `export const <name> = { ... }` in a TypeScript source. */
function readExportedObject(file, name) {
  const source = readFileSync(file, 'utf8');
  const declaration = new RegExp(`export\\s+const\\s+${name}\\s*(?::[^=]+)?=\\s*\\{`).exec(source);
  if (!declaration) throw new Error(`no "export const ${name} = {" found`);
  const stream = tokens(source, declaration.index + declaration[0].length);
  return readObject(() => stream.next().value ?? { type: 'end', value: '' }, name, relative(root, file));
}

/** The MESSAGES catalogue as { key: English text }. */
function readMessages() {
  const messages = readExportedObject(messagesFile, 'MESSAGES');
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'string') throw new Error(`MESSAGES: the value of ${key} is not a string literal`);
  }
  return messages;
}

function placeholders(text) {
  return [...new Set([...text.matchAll(/\{([^{}\s]+)\}/g)].map((match) => match[1]))].sort();
}

/** Every {placeholder} of a text, as often as it occurs, sorted. */
function placeholderOccurrences(text) {
  return [...text.matchAll(/\{([^{}\s]+)\}/g)].map((match) => match[1]).sort();
}

function sameList(a, b) {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** Compares one translated dictionary with its English original. */
function compare(english, translated, label, { extraHint = () => '(not in English)', exactPlaceholders = false } = {}) {
  for (const key of Object.keys(english)) {
    if (!Object.hasOwn(translated, key)) {
      problems.push(`${label}: missing key "${key}"`);
      continue;
    }
    const value = translated[key];
    if (typeof value !== 'string') {
      problems.push(`${label}: "${key}" is not a string`);
      continue;
    }
    if (value.trim() === '') {
      problems.push(`${label}: "${key}" is empty`);
      continue;
    }
    const list = exactPlaceholders ? placeholderOccurrences : placeholders;
    const expected = list(english[key]);
    const actual = list(value);
    if (!sameList(expected, actual)) {
      const show = (list) => (list.length ? list.map((name) => `{${name}}`).join(' ') : 'none');
      problems.push(`${label}: "${key}" has placeholders ${show(actual)}, English has ${show(expected)}`);
    }
  }
  for (const key of Object.keys(translated)) {
    if (!Object.hasOwn(english, key)) problems.push(`${label}: extra key "${key}" ${extraHint(key)}`);
  }
}

const englishFiles = readdirSync(join(localesDir, 'en'))
  .filter((name) => name.endsWith('.json'))
  .sort();
if (englishFiles.includes(catalogueFile)) problems.push(`en/${catalogueFile}: reserved for the translated MESSAGES catalogue`);

const english = {};
for (const file of englishFiles) {
  const dictionary = readDictionary(join(localesDir, 'en', file), `en/${file}`);
  if (dictionary) english[file] = dictionary;
}
let catalogueMessages = {};
try {
  catalogueMessages = readMessages();
} catch (error) {
  problems.push(`packages/contracts/src/messages.ts: ${error.message}`);
}
let eventMessages = {};
let eventTexts = {};
try {
  ({ EVENT_MESSAGES: eventMessages } = await import('../packages/contracts/src/event-messages.ts'));
  ({ EVENT_TEXTS: eventTexts } = await import('../packages/contracts/src/event-texts.ts'));
} catch (error) {
  problems.push(`packages/contracts/src/*.events.ts: ${error.message}`);
}
// Each notification event's label on the profile page is its module's text `notificationEvent.<event>`,
// kept in that module's own file (features/profile/event-label.ts): every event of the contracts needs one.
try {
  const { NOTIFICATION_EVENTS } = await import('../packages/contracts/src/notification.ts');
  const englishKeys = new Set(Object.values(english).flatMap((dictionary) => Object.keys(dictionary)));
  for (const event of NOTIFICATION_EVENTS) {
    if (!englishKeys.has(`notificationEvent.${event}`)) {
      problems.push(`en/: no label "notificationEvent.${event}" for the notification event (add it to its module's file)`);
    }
  }
} catch (error) {
  problems.push(`packages/contracts/src/notification.ts: ${error.message}`);
}
const messages = { ...catalogueMessages, ...eventMessages };
const isEventKey = (key) => Object.hasOwn(eventMessages, key);
const catalogueOptions = {
  extraHint: (key) =>
    isEventKey(key) ? '(activity and notification texts belong in packages/contracts/src/<module>.events.ts)' : '(not in English)',
};

for (const language of Object.keys(eventTexts)) {
  if (!languages.includes(language)) problems.push(`EVENT_TEXTS.${language} is not a language to translate`);
}
for (const language of languages) {
  const label = `*.events.ts: EVENT_TEXTS.${language}`;
  const translated = eventTexts[language];
  if (translated === undefined) {
    problems.push(`${label}: missing (${Object.keys(eventMessages).length} keys to translate)`);
  } else if (typeof translated !== 'object') {
    problems.push(`${label}: is not an object`);
  } else {
    compare(eventMessages, translated, label, { exactPlaceholders: true });
  }
}

const allKeys = new Set([...Object.values(english).flatMap((dictionary) => Object.keys(dictionary)), ...Object.keys(messages)]);

for (const language of languages) {
  const dir = join(localesDir, language);
  if (!existsSync(dir)) {
    problems.push(`${language}/: missing`);
    continue;
  }
  const expectedFiles = [...englishFiles, catalogueFile];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    if (!expectedFiles.includes(file)) problems.push(`${language}/${file}: no English ${file} for it`);
  }
  // A key found in several files (e.g. "field.Email") is merged into one dictionary, so its
  // translations must agree wherever English agrees.
  const seen = new Map();
  for (const file of expectedFiles) {
    const source = file === catalogueFile ? catalogueMessages : english[file];
    if (!source) continue;
    const label = `${language}/${file}`;
    const path = join(dir, file);
    if (!existsSync(path)) {
      problems.push(`${label}: missing (${Object.keys(source).length} keys to translate)`);
      continue;
    }
    const translated = readDictionary(path, label);
    if (!translated) continue;
    compare(source, translated, label, file === catalogueFile ? catalogueOptions : {});
    for (const [key, value] of Object.entries(translated)) {
      if (!Object.hasOwn(source, key)) continue;
      const earlier = seen.get(key);
      if (earlier && earlier.english === source[key] && earlier.value !== value) {
        problems.push(`${label}: "${key}" is translated differently in ${language}/${earlier.file}`);
      } else if (!earlier) {
        seen.set(key, { file, english: source[key], value });
      }
    }
  }
}

if (problems.length) {
  console.error(`Locales: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Locales: ok (${allKeys.size} keys × ${languages.length + 1} languages)`);
