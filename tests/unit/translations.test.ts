// Every namespace is complete in all 11 locales: same keys, same placeholders and tags, and no value
// left in English (names and brands excepted, by the explicit list below).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/config/locales';

type Tree = { [key: string]: string | Tree };
const ROOT = path.join(process.cwd(), 'locales');

/** Values that are the same in every language: names, brands, symbols. */
// French writes a number of points as English does ("{{count}} points").
const SAME_IN_EVERY_LANGUAGE = new Set<string>(['POAP', '{{count}} point', '{{count}} points']);

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const read = (locale: string, file: string) => flatten(JSON.parse(fs.readFileSync(path.join(ROOT, locale, file), 'utf8')) as Tree);
const markers = (value: string) => (value.match(/\{\{\s*\w+\s*\}\}|<\/?\w+\s*\/?>/g) ?? []).map((m) => m.replace(/\s/g, '')).sort();

const namespaces = fs.readdirSync(path.join(ROOT, 'en')).filter((f) => f.endsWith('.json'));

describe('translations', () => {
  it('has a folder for every locale and nothing else', () => {
    expect(fs.readdirSync(ROOT).sort()).toEqual([...LOCALES].sort());
  });

  it('includes the common namespace', () => {
    expect(namespaces).toContain('common.json');
  });

  describe.each(LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
    it.each(namespaces)('%s has the keys, placeholders and translations of English', (file) => {
      const english = read('en', file);
      const translated = read(locale, file);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of english) {
        const other = translated.get(key)!;
        expect(markers(other), `${locale}/${file} ${key} placeholders`).toEqual(markers(value));
        expect(other.trim(), `${locale}/${file} ${key} is empty`).not.toBe('');
        const onlyMarkers = value.replace(/\{\{\s*\w+\s*\}\}/g, '').trim() === '';
        if (!onlyMarkers && !SAME_IN_EVERY_LANGUAGE.has(value)) {
          expect(other, `${locale}/${file} ${key} is still English`).not.toBe(value);
        }
      }
    });
  });
});
