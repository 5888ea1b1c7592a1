import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';

// Every namespace on disk must have the same keys in all four languages, and no empty text.
// Namespaces are discovered from the folders, so a new feature's table is checked at once.
const localesDir = path.dirname(fileURLToPath(import.meta.url));

/** Leaf texts by dotted path; arrays (lists read with returnObjects) are walked by index. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) {
      for (const [childKey, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(childKey, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

function readTable(language: string, namespace: string): Map<string, unknown> | undefined {
  const file = path.join(localesDir, language, `${namespace}.json`);
  return fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, 'utf8'))) : undefined;
}

const namespaces = [
  ...new Set(
    LANGUAGES.flatMap((language) =>
      fs.existsSync(path.join(localesDir, language))
        ? fs
            .readdirSync(path.join(localesDir, language))
            .filter((name) => name.endsWith('.json'))
            .map((name) => name.slice(0, -'.json'.length))
        : [],
    ),
  ),
].sort();

describe('text tables', () => {
  it('has a folder per language and the shell namespaces', () => {
    for (const language of LANGUAGES) expect(fs.existsSync(path.join(localesDir, language)), language).toBe(true);
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors', 'home', 'tools']));
  });

  describe.each(namespaces)('namespace %s', (namespace) => {
    const tables = Object.fromEntries(LANGUAGES.map((language) => [language, readTable(language, namespace)]));
    const allKeys = [...new Set(Object.values(tables).flatMap((table) => (table ? [...table.keys()] : [])))].sort();

    it.each(LANGUAGES)('%s has every key, each a non-empty string', (language) => {
      const table = tables[language];
      expect(table, `${language}/${namespace}.json is missing`).toBeDefined();
      const missing = allKeys.filter((key) => !table!.has(key));
      expect(missing, `keys missing from ${language}/${namespace}.json`).toEqual([]);
      const empty = [...table!]
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => key);
      expect(empty, `empty or non-text values in ${language}/${namespace}.json`).toEqual([]);
    });
  });
});
