import { describe, expect, it } from 'vitest';
import { loadTools } from '../../../src/loaders/load-tools.js';

function definition(overrides: { name?: string; parameter?: string }): string {
  return [
    `name: ${overrides.name ?? 'slack-send-message'}`,
    'description: Send a message to a Slack channel',
    "version: '1.0.0'",
    'parameters:',
    '  channel:',
    ...(overrides.parameter ?? '    type: string\n    description: Channel\n    required: true').split('\n'),
    'execution:',
    '  type: http',
    '  method: POST',
    '  url: https://slack.com/api/chat.postMessage',
  ].join('\n');
}

/** Issue 20 item 12: Matimo values its spec does not allow loaded with no diagnostic. */
describe('Matimo definitions: what Matimo itself does not accept', () => {
  it.each([
    {
      case: 'a misspelt type',
      text: definition({ parameter: '    type: strnig\n    description: Channel\n    required: true' }),
      line: 6,
      message:
        'Expected a Matimo parameter type (string, number, boolean, object, array) at /parameters/channel/type, found string "strnig"; read as "string".',
    },
    {
      case: 'a type from another format',
      text: definition({ parameter: '    type: integer\n    description: Channel\n    required: true' }),
      line: 6,
      message:
        'Expected a Matimo parameter type (string, number, boolean, object, array) at /parameters/channel/type, found string "integer"; read as "integer".',
    },
    {
      case: 'required: maybe',
      text: definition({ parameter: '    type: string\n    description: Channel\n    required: maybe' }),
      line: 8,
      message:
        'Expected true or false at /parameters/channel/required, found string "maybe"; the parameter is read as optional.',
    },
    {
      case: 'a name with spaces',
      text: definition({ name: 'send slack message' }),
      line: 1,
      message:
        'Matimo tool name "send slack message" is not an identifier: use lowercase letters, digits, "-" or "_" (kebab-case, no spaces), e.g. "send-slack-message".',
    },
  ])('$case is a METADATA_INVALID error at its line; the tool still loads', ({ text, line, message }) => {
    const { tools, diagnostics } = loadTools(text, { file: 'slack/definition.yaml' });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'METADATA_INVALID',
        severity: 'error',
        file: 'slack/definition.yaml',
        line,
        message,
      }),
    ]);
    expect(tools).toHaveLength(1);
  });

  it('required: maybe is read as optional', () => {
    const { tools } = loadTools(definition({ parameter: '    type: string\n    required: maybe' }), {
      file: 'definition.yaml',
    });
    expect(tools[0]?.parameters.required).toBeUndefined();
  });

  it.each(['snake_case_name', 'kebab-case-name', 'calc'])('%s is a valid name', (name) => {
    expect(loadTools(definition({ name }), { file: 'definition.yaml' }).diagnostics).toEqual([]);
  });
});
