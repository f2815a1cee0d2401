import { describe, expect, it } from 'vitest';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

const tools = [
  makeTool({
    id: 'mail_sender',
    description: 'Send an email message to recipients.',
    useCases: [
      {
        title: 'Send email',
        whenToUse: 'Send an email message to a recipient',
        notFor: 'read search reply inbox thread mailbox messages archive',
      },
    ],
  }),
  makeTool({ id: 'inbox_reader', description: 'Open the mailbox and list recent messages from a folder.' }),
  makeTool({ id: 'weather', description: 'Weather forecast for a city.' }),
];

describe('negative evidence (not_for, when_prefer_other)', () => {
  it.each([
    { prompt: 'read search reply inbox thread mailbox messages archive email', isDemoted: true },
    { prompt: 'send an email message to a recipient', isDemoted: false },
  ])('"$prompt" demotes the tool: $isDemoted', async ({ prompt, isDemoted }) => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select(prompt, { k: 3, abstain: false });
    const sender = selection.tools.find((tool) => tool.id === 'mail_sender');
    const reason = sender?.reasons.find((entry) => entry.kind === 'negative-evidence');
    if (isDemoted) {
      expect(idsOf(selection).indexOf('mail_sender')).toBeGreaterThan(
        idsOf(selection).indexOf('inbox_reader'),
      );
      expect(reason?.message).toMatch(/closer to its not_for/);
      expect(reason?.details).toMatchObject({ penalty: 0.5 });
      expect(Number(reason?.details?.negativeSimilarity)).toBeGreaterThan(
        Number(reason?.details?.positiveSimilarity),
      );
    } else {
      expect(idsOf(selection)[0]).toBe('mail_sender');
      expect(reason).toBeUndefined();
    }
  });

  it("treats a conflict's when_prefer_other as negative evidence", async () => {
    const selector = await rulesSelector([
      makeTool({
        id: 'sms_sender',
        description: 'Send a short text message to a phone.',
        conflicts: [
          {
            tool: 'chat_poster',
            severity: 'low',
            whenPreferOther: 'post in the team chat channel workspace',
          },
        ],
      }),
      makeTool({ id: 'chat_poster', description: 'Post a message in a chat channel.' }),
    ]);
    const selection = await selector.select('post message in the team chat channel workspace', {
      k: 2,
      abstain: false,
    });
    expect(idsOf(selection)[0]).toBe('chat_poster');
    const reason = selection.tools
      .find((tool) => tool.id === 'sms_sender')
      ?.reasons.find((entry) => entry.kind === 'negative-evidence');
    expect(reason?.message).toMatch(/when_prefer_other \(conflict with chat_poster\)/);
  });
});
