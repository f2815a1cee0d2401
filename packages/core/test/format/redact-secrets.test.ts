import { describe, expect, test } from 'vitest';
import { FORMAT_TARGETS } from '../../src/format/format-target.js';
import { formatTools } from '../../src/format/format-tools.js';
import { redactSecrets } from '../../src/format/redact-secrets.js';
import { makeTool } from './make-tool.js';

/** Each secret shape a probe found in toolsift's output, with the text it sat in. */
const SHAPES = {
  stripeKey: [
    'sk_live_51HxAbCdEfGhIjKlMnOpQrStUv',
    'Charge with sk_live_51HxAbCdEfGhIjKlMnOpQrStUv by default.',
  ],
  googleClientSecret: ['GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz12', 'client GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz12'],
  googleRefreshToken: [
    '1//0gAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    'refresh 1//0gAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  ],
  openaiKey: [
    'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789',
    'key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789',
  ],
  awsSecretKey: [
    'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'access key AKIAIOSFODNN7EXAMPLE and secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY.',
  ],
  connectionPassword: ['hunter2secret', 'Query postgres://admin:hunter2secret@db.example.com:5432/prod now.'],
  assignedPassword: ['Zx9vTq42pl', 'Log in with password=Zx9vTq42pl then.'],
} as const;

describe('redactSecrets', () => {
  test.each(Object.entries(SHAPES))('%s in free text', (_name, [secret, text]) => {
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain('[REDACTED]');
  });

  // A literal `${INVENTORY_API_TOKEN}`, as metadata holds it (built so that no string reads like a template).
  const placeholder = ['$', '{INVENTORY_API_TOKEN}'].join('');
  test.each([
    [placeholder, true],
    [`Bearer ${placeholder}`, true],
    ['Bearer $API_TOKEN', true],
    ['{{ api_key }}', true],
    ['Bearer abc123def456', false],
    ['hunter2', false],
  ])('a credential value %s that only names its source is kept: %s', (value, isKept) => {
    const redacted = redactSecrets({ headers: { Authorization: value }, password: value });
    expect(redacted.headers.Authorization === value).toBe(isKept);
    expect(redacted.password === value).toBe(isKept);
  });

  test('a connection string keeps its scheme, user and host', () => {
    expect(redactSecrets(SHAPES.connectionPassword[1])).toBe(
      'Query postgres://admin:[REDACTED]@db.example.com:5432/prod now.',
    );
  });

  test.each([
    'password: the password of the account',
    'Returns max_tokens: 4096 tokens',
    'sha 3f786850e387550fdab836ed7e6dc881de23001b',
    'https://user@example.com/path',
    'primary key: 12345678',
  ])('leaves prose and identifiers alone: %s', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  test('credential keys, a credential parameter data, and secrets at any depth; references kept', () => {
    const value = {
      oauth: [{ clientId: 'abc.apps', clientSecret: 'anything', refreshToken: 'x', tokenUrl: 'https://t' }],
      secret_env_var: 'STRIPE_SECRET_KEY',
      parameters: {
        properties: {
          password: { type: 'string', description: 'Password', enum: ['one', 'two'], default: 'one' },
          auth: { type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us'] } } },
          note: { type: 'string', default: SHAPES.openaiKey[0] },
        },
      },
    };
    expect(redactSecrets(value)).toEqual({
      oauth: [
        {
          clientId: 'abc.apps',
          clientSecret: '[redacted]',
          refreshToken: '[redacted]',
          tokenUrl: 'https://t',
        },
      ],
      secret_env_var: 'STRIPE_SECRET_KEY',
      parameters: {
        properties: {
          password: { type: 'string', description: 'Password', enum: '[redacted]', default: '[redacted]' },
          auth: { type: 'object', properties: { region: { type: 'string', enum: ['eu', 'us'] } } },
          note: { type: 'string', default: '[REDACTED]' },
        },
      },
    });
  });
});

describe('no secret in the tool definitions of any target', () => {
  const tool = makeTool({
    id: 'hostile',
    name: 'hostile',
    title: `Title ${SHAPES.googleClientSecret[1]}`,
    description: Object.values(SHAPES)
      .map(([, text]) => text)
      .join(' '),
    parameters: {
      type: 'object',
      properties: {
        stripe_key: { type: 'string', description: `e.g. ${SHAPES.stripeKey[0]}` },
        password: { type: 'string', description: 'Database password', enum: ['Tr0ub4dor-and-3'] },
        region: { type: 'string', default: SHAPES.awsSecretKey[0] },
      },
    },
    annotations: { title: SHAPES.stripeKey[1] },
  });

  test.each(FORMAT_TARGETS)('%s', (target) => {
    const result = formatTools([tool], target);
    const text = JSON.stringify(result.tools);
    for (const [secret] of Object.values(SHAPES))
      expect(text).not.toContain(JSON.stringify(secret).slice(1, -1));
    expect(text).not.toContain('Tr0ub4dor-and-3');
    expect(result.warnings.map((warning) => warning.code)).toContain('SECRET_REMOVED');
  });
});
