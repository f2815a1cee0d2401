import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLoaders } from '../../../src/loaders/formats/registry.js';
import { ToolFormatSchema } from '../../../src/model/tool.js';
import { readTestDocument } from './document.js';
import { fixturesRoot } from './load-fixture.js';

describe('formatLoaders', () => {
  it('has exactly one loader per format, in a frozen list', () => {
    expect(Object.isFrozen(formatLoaders)).toBe(true);
    expect(formatLoaders.map((loader) => loader.format).sort()).toEqual([...ToolFormatSchema.options].sort());
  });

  const fixtures = walk(fixturesRoot).map((file) => path.relative(fixturesRoot, file));

  it.each(fixtures)('detects fixture %s as exactly the format of its folder', (relative) => {
    const expected = relative.split(path.sep)[0];
    const document = readTestDocument(path.join(fixturesRoot, relative), relative);
    const scores = formatLoaders
      .map((loader) => ({ format: loader.format, confidence: loader.detect(document) }))
      .sort((a, b) => b.confidence - a.confidence);
    expect(scores[0]?.format).toBe(expected);
    expect(scores[0]?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(scores[1]?.confidence).toBeLessThan(scores[0]?.confidence ?? 0);
  });
});

// --- internal ---

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );
}
