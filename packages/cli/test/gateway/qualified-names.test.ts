import { describe, expect, test } from 'vitest';
import { MAX_QUALIFIED_NAME_LENGTH, qualifyToolNames } from '../../src/gateway/qualified-names.js';

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
});
