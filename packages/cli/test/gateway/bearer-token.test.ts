import { describe, expect, test } from 'vitest';
import { isBearerToken } from '../../src/gateway/bearer-token.js';

describe('isBearerToken', () => {
  test.each([
    ['Bearer s3cret-token', true],
    ['bearer s3cret-token', true],
    ['Bearer s3cret-tokeN', false],
    ['Bearer s3cret-token ', false],
    ['Bearer s3cret', false],
    ['Basic s3cret-token', false],
    ['s3cret-token', false],
    ['Bearer ', false],
    ['', false],
    [undefined, false],
  ])('%j for the token "s3cret-token" is %s', (header, expected) => {
    expect(isBearerToken(header, 's3cret-token')).toBe(expected);
  });
});
