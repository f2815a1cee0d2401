import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MAX_QUALIFIED_NAME_LENGTH,
  qualifyToolNames,
  sanitizeName,
  type UpstreamToolRef,
} from '../../src/gateway/qualified-names.js';

const VALID = /^[a-zA-Z0-9_-]{1,64}$/;

describe('qualifyToolNames', () => {
  test.each([
    [{ server: 'filesystem', tool: 'read_text_file' }, 'filesystem__read_text_file'],
    [{ server: 'github.com', tool: 'create issue' }, 'github_com__create_issue'],
    [{ server: 'my-server', tool: 'tool/with:odd*chars' }, 'my-server__tool_with_odd_chars'],
    [{ server: 'wetter', tool: 'prévision' }, 'wetter__pr_vision'],
  ])('%j is named %s', (ref, expected) => {
    expect(qualifyToolNames([ref])).toEqual([expected]);
  });

  test('a name longer than 64 characters is cut and ends in a hash of the server and tool names', () => {
    const [name] = qualifyToolNames([{ server: 'analytics', tool: 'x'.repeat(80) }]);
    expect(name).toMatch(VALID);
    expect(name).toHaveLength(MAX_QUALIFIED_NAME_LENGTH);
    expect(name).toMatch(/^analytics__x+_[0-9a-f]{8}$/);
    const [other] = qualifyToolNames([{ server: 'analytics', tool: `${'x'.repeat(79)}y` }]);
    expect(other).not.toBe(name);
  });

  test('tools whose names would be the same each get a hash suffix, whatever their order', () => {
    const dotted = { server: 'a.b', tool: 'run' };
    const underscored = { server: 'a_b', tool: 'run' };
    const alone = { server: 'c', tool: 'run' };
    const names = qualifyToolNames([dotted, underscored, alone]);
    expect(names[0]).toMatch(/^a_b__run_[0-9a-f]{8}$/);
    expect(names[1]).toMatch(/^a_b__run_[0-9a-f]{8}$/);
    expect(names[0]).not.toBe(names[1]);
    expect(names[2]).toBe('c__run');
    expect(qualifyToolNames([alone, underscored, dotted])).toEqual([names[2], names[1], names[0]]);
  });

  test('the same tool listed twice by one server keeps one name', () => {
    const ref = { server: 's', tool: 't' };
    expect(qualifyToolNames([ref, ref])).toEqual(['s__t', 's__t']);
  });

  test('every name is valid for OpenAI and Anthropic', () => {
    const refs = [
      { server: '', tool: '' },
      { server: 'é'.repeat(70), tool: '日本' },
      { server: 'srv', tool: '-'.repeat(100) },
    ];
    for (const name of qualifyToolNames(refs)) expect(name).toMatch(VALID);
  });

  test('a tool literally named like the hash another tool gets does not shadow it', () => {
    // `a.b`'s `run` is first hashed to a_b__run_1d0e350a; server `a_b` also has a tool called `run_1d0e350a`.
    const dotted = { server: 'a.b', tool: 'run' };
    const underscored = { server: 'a_b', tool: 'run' };
    const literal = { server: 'a_b', tool: 'run_1d0e350a' };
    expect(qualifyToolNames([dotted, underscored])).toEqual(['a_b__run_1d0e350a', 'a_b__run_4a5534ce']);
    const names = qualifyToolNames([dotted, underscored, literal]);
    expect(names).toEqual(['a_b__run_861a0dee', 'a_b__run_4a5534ce', 'a_b__run_1d0e350a']);
    expect(qualifyToolNames([literal, dotted, underscored])).toEqual([names[2], names[0], names[1]]);
  });
});

describe('qualifyToolNames over adversarial names', () => {
  // Names that clash once sanitised (`.`, ` `, `/`, `é` all become `_`), that run past 64 characters, and tools
  // planted with exactly the names other tools were given, twice over: a name taken by a hash, then one taken by the
  // hash taken again.
  const character = fc.constantFrom(...'ab_.-/ é日1'.split(''));
  const name = fc.oneof(
    fc.array(character, { maxLength: 6 }).map((characters) => characters.join('')),
    fc
      .tuple(fc.constantFrom('x', 'x.', 'x_'), fc.integer({ min: 55, max: 70 }))
      .map(([head, length]) => head.padEnd(length, 'y')),
  );
  const ref = fc.record({ server: name, tool: name });
  const refs = fc.array(ref, { maxLength: 12 }).map((list) => plant(plant(list)));

  test('gives each distinct tool its own valid name', () => {
    fc.assert(
      fc.property(refs, (list) => {
        const names = qualifyToolNames(list);
        const byTool = new Map<string, string>();
        list.forEach((entry, index) => {
          expect(names[index]).toMatch(VALID);
          byTool.set(JSON.stringify([entry.server, entry.tool]), names[index]!);
        });
        expect(new Set(byTool.values()).size).toBe(byTool.size);
      }),
      { numRuns: 500 },
    );
  });

  test('gives every tool the same name whatever the order of the list', () => {
    fc.assert(
      fc.property(
        refs.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          const named = (order: readonly UpstreamToolRef[]) => {
            const names = qualifyToolNames(order);
            return new Map(order.map((entry, index) => [JSON.stringify(entry), names[index]]));
          };
          expect(named(shuffled)).toEqual(named(list));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a tool whose plain name no other tool has keeps it', () => {
    fc.assert(
      fc.property(refs, (list) => {
        const names = qualifyToolNames(list);
        const plain = list.map((entry) => `${sanitizeName(entry.server)}__${sanitizeName(entry.tool)}`);
        list.forEach((entry, index) => {
          const own = plain[index]!;
          const isShared = list.some(
            (other, at) => plain[at] === own && (other.server !== entry.server || other.tool !== entry.tool),
          );
          if (!isShared && own.length <= MAX_QUALIFIED_NAME_LENGTH) expect(names[index]).toBe(own);
        });
      }),
      { numRuns: 300 },
    );
  });
});

// --- internal ---

/** `list` plus, for each name it is given, a tool whose plain name is exactly that name. */
function plant(list: readonly UpstreamToolRef[]): UpstreamToolRef[] {
  const planted = qualifyToolNames(list).map((name) => {
    const separator = name.indexOf('__');
    return separator === -1
      ? { server: '', tool: name }
      : { server: name.slice(0, separator), tool: name.slice(separator + 2) };
  });
  return [...list, ...planted];
}
