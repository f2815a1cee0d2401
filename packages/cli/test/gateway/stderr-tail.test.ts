import { describe, expect, test } from 'vitest';
import { createSecretMask } from '../../src/gateway/secret-mask.js';
import { createStderrTail } from '../../src/gateway/stderr-tail.js';

const TOKEN = 'ghp_v3ry5ecretT0ken';
const mask = createSecretMask({
  name: 'github',
  transport: 'stdio',
  command: 'npx',
  args: [],
  env: { T: TOKEN },
});

describe('createStderrTail', () => {
  test.each([
    ['in one write', [`token ${TOKEN} rejected\n`], 'token *** rejected'],
    ['split across two writes', ['token ghp_v3ry', '5ecretT0ken rejected\n'], 'token *** rejected'],
    ['split across many writes', [...`token ${TOKEN} rejected\n`], 'token *** rejected'],
    ['written twice', [`${TOKEN}\n`, `again ${TOKEN}\n`], '***\nagain ***'],
  ])('masks a secret written %s', (_case, writes, expected) => {
    const tail = createStderrTail({ mask });
    for (const write of writes) tail.append(write);
    expect(tail.text()).toBe(expected);
  });

  test('keeps only the last characters, and never the end of a secret whose start was cut off', () => {
    const tail = createStderrTail({ mask, maxLength: 20 });
    tail.append(`start ${TOKEN}`);
    tail.append(' and then more text');
    // Cut after masking: the last 20 characters of `start *** and then more text`, no `T0ken` left over.
    expect(tail.text()).toBe('* and then more text');
  });

  test('clear forgets what was kept', () => {
    const tail = createStderrTail({ mask });
    tail.append('old failure\n');
    tail.clear();
    tail.append('new start\n');
    expect(tail.text()).toBe('new start');
  });
});
