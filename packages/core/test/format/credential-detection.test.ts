import { describe, expect, test } from 'vitest';
import {
  hasCredentialEntry,
  isCredentialKey,
  looksLikeSecret,
  redactSecretText,
} from '../../src/format/credential-detection.js';

describe('isCredentialKey', () => {
  test.each([
    ['password', true],
    ['db_password', true],
    ['clientSecret', true],
    ['api_key', true],
    ['apiKey', true],
    ['X-API-Key', true],
    ['accessToken', true],
    ['token', true],
    ['github_pat', true],
    ['privateKey', true],
    ['Authorization', true],
    ['max_tokens', false],
    ['token_count', false],
    ['next_page_token', false],
    ['pageToken', false],
    ['maxTokens', false],
    ['key', false],
    ['keyword', false],
    ['city', false],
    ['cwd', false],
  ])('%s -> %s', (key, expected) => {
    expect(isCredentialKey(key)).toBe(expected);
  });
});

describe('secret values', () => {
  test.each([
    [`sk-proj-${'x'.repeat(24)}`, true],
    [`ghp_${'A1'.repeat(18)}`, true],
    ['xoxb-1234567890-abcdef', true],
    ['AKIAIOSFODNN7EXAMPLE', true],
    ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', true],
    ['Bearer abcdefghijklmnopqrstuvwxyz', true],
    ['sk-short', false],
    ['metric', false],
    ['https://api.example.com/v1', false],
  ])('%s -> %s', (value, expected) => {
    expect(looksLikeSecret(value)).toBe(expected);
  });

  test('redactSecretText replaces every secret in prose', () => {
    const text = `Use ghp_${'A1'.repeat(18)} or Bearer ${'z'.repeat(24)} to call it.`;
    expect(redactSecretText(text)).toEqual({ text: 'Use [REDACTED] or [REDACTED] to call it.', count: 2 });
  });

  test('hasCredentialEntry finds credential keys with values at any depth', () => {
    expect(hasCredentialEntry({ city: 'Oslo', auth: { password: 'x' } })).toBe(true);
    expect(hasCredentialEntry({ city: 'Oslo', password: '' })).toBe(false);
    expect(hasCredentialEntry({ max_tokens: 100 })).toBe(false);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal `${VAR}` placeholder is what is tested
  test.each(['Bearer ${API_TOKEN}', '$API_KEY', '{{ secrets.token }}', '<your api key>', '***', 'xxxx'])(
    'a placeholder (%s) is not a credential value',
    (placeholder) => {
      expect(hasCredentialEntry({ headers: { Authorization: placeholder } })).toBe(false);
    },
  );

  test('a real value next to a placeholder scheme is still a credential', () => {
    expect(hasCredentialEntry({ headers: { Authorization: 'Bearer abc123' } })).toBe(true);
  });
});
