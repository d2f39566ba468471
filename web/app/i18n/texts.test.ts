// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { textFileOf } from './resources';

const appDir = fileURLToPath(new URL('..', import.meta.url));

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

type Texts = { [key: string]: string | Texts };

/** Every text of a file as 'a.b.c' → value. */
function flatten(texts: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** {namespace: {language: flattened texts}} of every locales/*.json under the app. */
function allTexts(): Map<string, Map<string, Map<string, string>>> {
  const namespaces = new Map<string, Map<string, Map<string, string>>>();
  for (const file of walk(appDir)) {
    const found = textFileOf('/' + relative(appDir, file));
    if (!found) continue;
    const texts = JSON.parse(readFileSync(file, 'utf8')) as Texts;
    if (!namespaces.has(found.namespace)) namespaces.set(found.namespace, new Map());
    namespaces.get(found.namespace)!.set(found.language, flatten(texts));
  }
  return namespaces;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();
/** A plural key's base: 'tracks_one' → 'tracks'. */
const pluralBase = (key: string) => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1] ?? null;

describe('translations (decision 075)', () => {
  const namespaces = allTexts();

  it('every namespace has English and Polish, with the same texts', () => {
    expect(namespaces.size).toBeGreaterThan(0);
    for (const [namespace, byLanguage] of namespaces) {
      for (const language of LANGUAGES) {
        expect(byLanguage.has(language), `${namespace}: no ${language}.json`).toBe(true);
      }
      const en = byLanguage.get('en')!;
      const pl = byLanguage.get('pl')!;
      // Plural keys differ by language (English one/other, Polish one/few/many/other): compare bases.
      const plain = (texts: Map<string, string>) => new Set([...texts.keys()].map((key) => pluralBase(key) ?? key));
      expect([...plain(pl)].sort(), `${namespace}: keys of pl.json`).toEqual([...plain(en)].sort());
      for (const [key, text] of [...en, ...pl]) {
        expect(text.trim(), `${namespace}.${key} is empty`).not.toBe('');
      }
      for (const [key, text] of en) {
        const polish = pl.get(key) ?? pl.get(`${pluralBase(key)}_other`);
        if (polish === undefined) continue;
        expect(placeholders(polish), `${namespace}.${key}: placeholders in pl`).toEqual(placeholders(text));
      }
    }
  });

  it('Polish plurals have the forms Polish needs', () => {
    for (const [namespace, byLanguage] of namespaces) {
      const pl = byLanguage.get('pl') ?? new Map<string, string>();
      const bases = new Set([...(byLanguage.get('en') ?? new Map()).keys()].map(pluralBase).filter(Boolean));
      for (const base of bases) {
        for (const form of ['one', 'few', 'many', 'other']) {
          expect(pl.has(`${base}_${form}`), `${namespace}: pl.json lacks ${base}_${form}`).toBe(true);
        }
      }
    }
  });
});

/**
 * Hard-coded texts: words written straight into a component (JSX text, or a string given to a prop
 * people read: aria-label, placeholder, title, alt, label). The files not yet moved to translation
 * keys are listed in untranslated.txt; the list may only shrink (a listed file that no longer has any
 * hard-coded text must leave it).
 */
const READ_PROPS = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-description']);

function hardCodedTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  // Names of products are the same in every language.
  const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\b(Cuewave|Google Tag Manager)\b/g, ''));
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.getText())) found.push(node.getText().trim());
    if (
      ts.isJsxAttribute(node) &&
      READ_PROPS.has(node.name.getText()) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      hasWords(node.initializer.text)
    ) {
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded texts in components', () => {
  const listed = new Set(
    readFileSync(join(appDir, 'i18n/untranslated.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
  const components = [...walk(appDir)]
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => relative(appDir, file));

  it('components outside the list take their texts from translation keys', () => {
    const offenders = components
      .filter((file) => !listed.has(file))
      .map((file) => ({ file, texts: hardCodedTexts(join(appDir, file)) }))
      .filter(({ texts }) => texts.length > 0)
      .map(({ file, texts }) => `${file}: ${texts.slice(0, 3).join(' | ')}`);
    expect(offenders).toEqual([]);
  }, 60_000); // parsing every component takes longer than the default 5 s on a loaded two-core runner

  it('the list names only files that exist and still hold hard-coded texts', () => {
    const stale = [...listed].filter(
      (file) => !components.includes(file) || hardCodedTexts(join(appDir, file)).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
