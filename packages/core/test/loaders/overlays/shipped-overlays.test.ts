import { readdir } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { SHIPPED_OVERLAYS_DIR, shippedOverlays } from '../../../src/loaders/overlays/shipped-overlays.js';

// Whether each entry still matches its server's live tools is checked in test/overlays, against the servers
// themselves: this file checks what can be read from the overlays alone.
const { overlays, diagnostics } = await shippedOverlays();

/** Tool names in parentheses of a `not_for`: `(read_text_file)`, `(list_issues, search_issues)`. */
function namedSiblings(text: string): string[] {
  return [...text.matchAll(/\(([^()]*)\)/g)]
    .flatMap((match) => (match[1] ?? '').split(/,\s*|\s+or\s+/))
    .filter((word) => /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$/.test(word));
}

describe('shipped overlays', () => {
  test('every file parses with no diagnostic', async () => {
    const files = (await readdir(SHIPPED_OVERLAYS_DIR)).filter((name) => /\.ya?ml$/.test(name));
    expect(diagnostics).toEqual([]);
    expect(overlays.map((overlay) => overlay.file).sort()).toEqual(
      files.map((name) => `shipped:${name.replace(/\.ya?ml$/, '')}`).sort(),
    );
  });

  test('each names its server, says what the server is for, and no two claim the same name', () => {
    const owners = new Map<string, string>();
    for (const overlay of overlays) {
      expect(overlay.isShipped).toBe(true);
      expect(overlay.server?.names.length, overlay.file).toBeGreaterThan(0);
      expect(overlay.server?.description?.length ?? 0, overlay.file).toBeGreaterThan(40);
      for (const name of overlay.server?.names ?? []) {
        const key = name.toLowerCase();
        expect(owners.get(key), `${name} in ${overlay.file}`).toBeUndefined();
        owners.set(key, overlay.file);
      }
    }
  });

  test.each(overlays.map((overlay) => [overlay.file, overlay] as const))(
    '%s: every entry has its description hash, use cases, example prompts and keywords',
    (_file, overlay) => {
      const names = new Set(overlay.entries.map((entry) => entry.tool));
      expect(names.size).toBe(overlay.entries.length);
      for (const entry of overlay.entries) {
        const where = `${overlay.file} ${entry.tool}`;
        expect(entry.writtenFor?.length, where).toBeGreaterThan(0);
        for (const hash of entry.writtenFor ?? []) expect(hash, where).toMatch(/^[0-9a-f]{12}$/);
        const { useCases = [], examples = [], keywords = [] } = entry.values;
        expect(useCases.length, where).toBeGreaterThan(0);
        for (const useCase of useCases) {
          expect(useCase.whenToUse, where).toBeTruthy();
          expect(useCase.example, where).toBeTruthy();
        }
        expect(
          examples.every((example) => (example.prompt ?? '').length > 0),
          where,
        ).toBe(true);
        expect(examples.length, where).toBeGreaterThan(0);
        expect(keywords.length, where).toBeGreaterThan(0);
      }
    },
  );

  test.each(overlays.map((overlay) => [overlay.file, overlay] as const))(
    '%s: a tool a not_for names instead is a tool of the same server',
    (_file, overlay) => {
      const names = new Set(overlay.entries.map((entry) => entry.tool));
      const unknown = overlay.entries.flatMap((entry) =>
        (entry.values.useCases ?? [])
          .flatMap((useCase) => namedSiblings(useCase.notFor ?? ''))
          .filter((name) => !names.has(name))
          .map((name) => `${entry.tool} -> ${name}`),
      );
      expect(unknown).toEqual([]);
    },
  );

  test('the deprecated filesystem read_file sends reads to read_text_file', () => {
    const filesystem = overlays.find((overlay) => overlay.file === 'shipped:filesystem');
    const readFile = filesystem?.entries.find((entry) => entry.tool === 'read_file');
    const notFor = readFile?.values.useCases?.map((useCase) => useCase.notFor ?? '').join(' ');
    expect(notFor).toMatch(/deprecated/i);
    expect(notFor).toMatch(/\bread_text_file\b/);
  });
});
