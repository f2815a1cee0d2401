import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Dependencies point one way inside the package: each adapter imports `src/shared/` and its own framework, never
 * another adapter or another framework (each framework is an optional peer: loading one entry point must not need
 * the others installed). `src/shared/` imports no adapter and no framework.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const FRAMEWORK_OF: Record<string, string | undefined> = {
  shared: undefined,
  'ai-sdk': 'ai',
  'openai-agents': '@openai/agents',
  langchain: '@langchain/core',
  anthropic: '@anthropic-ai/sdk',
  'openai-responses': 'openai',
};
const FRAMEWORKS = Object.values(FRAMEWORK_OF).filter((name) => name !== undefined);

describe.each(Object.keys(FRAMEWORK_OF))('src/%s', (folder) => {
  test('imports only its own folder, src/shared/ and its own framework', () => {
    const imports = readdirSync(path.join(SRC, folder))
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => importsOf(path.join(SRC, folder, file)));
    expect(imports.length).toBeGreaterThan(0);
    const wrong = imports.filter(({ specifier, file }) => {
      if (specifier.startsWith('.')) {
        const target = path.relative(SRC, path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
        return target !== folder && target !== 'shared';
      }
      const framework = FRAMEWORKS.find((name) => specifier === name || specifier.startsWith(`${name}/`));
      return framework !== undefined && framework !== FRAMEWORK_OF[folder];
    });
    expect(wrong.map(({ file, specifier }) => `${path.relative(SRC, file)}: ${specifier}`)).toEqual([]);
  });
});

// --- internal ---

function importsOf(file: string): Array<{ file: string; specifier: string }> {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gms)].map((match) => ({
    file,
    specifier: match[1]!,
  }));
}
