import type { ConflictSeverity } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

function emailTools(severity: ConflictSeverity, declaredBy: 'relay' | 'personal') {
  const conflict =
    declaredBy === 'relay'
      ? {
          tool: 'personal_mail',
          severity,
          reason: 'both send the message',
          whenPreferThis: 'company relay server',
          whenPreferOther: 'my personal account',
        }
      : {
          tool: 'relay_mail',
          severity,
          reason: 'both send the message',
          whenPreferThis: 'my personal account',
          whenPreferOther: 'company relay server',
        };
  return [
    makeTool({
      id: 'relay_mail',
      description: 'Send an email message to a recipient.',
      ...(declaredBy === 'relay' ? { conflicts: [conflict] } : {}),
    }),
    makeTool({
      id: 'personal_mail',
      description: 'Send an email message to a recipient now.',
      ...(declaredBy === 'personal' ? { conflicts: [conflict] } : {}),
    }),
    makeTool({ id: 'weather', description: 'Weather forecast for a city.' }),
  ];
}

describe('conflicts by severity', () => {
  it.each([
    {
      severity: 'high',
      declaredBy: 'relay',
      prompt: 'send an email message to a recipient from my personal account',
      winner: 'personal_mail',
    },
    {
      severity: 'high',
      declaredBy: 'personal',
      prompt: 'send an email message to a recipient via the company relay server',
      winner: 'relay_mail',
    },
    {
      severity: 'medium',
      declaredBy: 'relay',
      prompt: 'send an email message to a recipient from my personal account',
      winner: 'personal_mail',
    },
    {
      severity: 'medium',
      declaredBy: 'personal',
      prompt: 'send an email message to a recipient via the company relay server',
      winner: 'relay_mail',
    },
    {
      severity: 'low',
      declaredBy: 'relay',
      prompt: 'send an email message to a recipient from my personal account',
      winner: 'personal_mail',
    },
  ] as const)(
    '$severity conflict declared by $declaredBy: $winner wins',
    async ({ severity, declaredBy, prompt, winner }) => {
      const selector = await rulesSelector(emailTools(severity, declaredBy));
      const loser = winner === 'relay_mail' ? 'personal_mail' : 'relay_mail';
      const selection = await selector.select(prompt, { k: 3, abstain: false });
      const ids = idsOf(selection);
      const winning = selection.tools.find((tool) => tool.id === winner);
      expect(winning?.reasons.find((reason) => reason.kind === 'conflict')?.details).toMatchObject({
        severity,
        winner,
        loser,
        basis: 'prompt',
      });
      if (severity === 'high') {
        expect(ids).not.toContain(loser);
        expect(selection.warnings).toContainEqual(
          expect.objectContaining({ code: 'CONFLICT_REMOVED', toolId: loser }),
        );
      } else {
        expect(ids).toContain(loser);
        expect(
          selection.tools.find((tool) => tool.id === loser)?.reasons.map((reason) => reason.kind),
        ).toContain('conflict');
        if (severity === 'medium') expect(ids.indexOf(winner)).toBeLessThan(ids.indexOf(loser));
        expect(selection.warnings.filter((warning) => warning.code === 'CONFLICT_REMOVED')).toEqual([]);
      }
    },
  );

  it('does not fire when only one side would be selected', async () => {
    const selector = await rulesSelector(emailTools('high', 'relay'));
    const selection = await selector.select('send an email message to a recipient', { k: 1, abstain: false });
    expect(selection.tools).toHaveLength(1);
    expect(selection.warnings).toEqual([]);
    expect(selection.tools[0]?.reasons.map((reason) => reason.kind)).not.toContain('conflict');
  });

  it('lets the higher-ranked tool win when the prompt fits neither side', async () => {
    const selector = await rulesSelector(emailTools('high', 'relay'));
    const selection = await selector.select('send an email message to a recipient now', {
      k: 3,
      abstain: false,
    });
    const kept = selection.tools.find((tool) => tool.reasons.some((reason) => reason.kind === 'conflict'));
    expect(kept?.reasons.find((reason) => reason.kind === 'conflict')?.details).toMatchObject({
      basis: 'rank',
    });
    expect(selection.warnings).toHaveLength(1);
  });
});

describe('conflicts after the action rule', () => {
  it("ranks a medium conflict's loser below a winner the action rule took below 0", async () => {
    const selector = await rulesSelector([
      makeTool({
        id: 'create_relay_mail',
        description: 'Send an email message to a recipient.',
        conflicts: [
          {
            tool: 'get_personal_mail',
            severity: 'medium',
            whenPreferThis: 'company relay server',
            whenPreferOther: 'my personal account',
          },
        ],
      }),
      makeTool({ id: 'get_personal_mail', description: 'Send an email message to a recipient now.' }),
      makeTool({ id: 'get_weather', description: 'Weather forecast for a city.' }),
    ]);
    // A read prompt: the create tool loses 2, below 0; the conflict, decided by the prompt, still puts it first.
    const selection = await selector.select(
      'what email message to a recipient via the company relay server',
      {
        k: 3,
        abstain: false,
        ruleWeights: { writeMismatchPenalty: 2 },
      },
    );
    const ids = idsOf(selection);
    const winner = selection.tools.find((tool) => tool.id === 'create_relay_mail');
    expect(winner?.reasons.map((reason) => reason.kind)).toEqual(
      expect.arrayContaining(['action', 'conflict']),
    );
    expect(winner?.reasons.find((reason) => reason.kind === 'conflict')?.details).toMatchObject({
      winner: 'create_relay_mail',
      loser: 'get_personal_mail',
    });
    expect(ids.indexOf('create_relay_mail')).toBeLessThan(ids.indexOf('get_personal_mail'));
    for (const tool of selection.tools) expect(tool.score).toBeGreaterThanOrEqual(0);
  });
});

describe('near-duplicates', () => {
  it('keeps copies of one tool from filling the top k', async () => {
    const copy = 'Send an email message to a recipient with a subject and a body.';
    const selector = await rulesSelector([
      makeTool({ id: 'server_a.send_mail', name: 'send_mail', description: copy }),
      makeTool({ id: 'server_b.send_mail', name: 'send_mail', description: copy }),
      makeTool({ id: 'server_c.send_mail', name: 'send_mail', description: copy }),
      makeTool({ id: 'post_chat', description: 'Post a message with a subject to a chat recipient.' }),
    ]);
    const selection = await selector.select('send an email message to a recipient', { k: 2, abstain: false });
    expect(idsOf(selection)).toEqual(['server_a.send_mail', 'post_chat']);
    const displaced = selection.tools[0]?.reasons.filter((reason) => reason.kind === 'near-duplicate');
    expect(displaced?.map((reason) => reason.details?.duplicate)).toEqual([
      'server_b.send_mail',
      'server_c.send_mail',
    ]);
    expect(displaced?.[0]?.message).toMatch(
      /near-duplicate \(description similarity 1\.000\) and was moved below the top 2/,
    );
  });

  it('keeps tools with the same description but different names: they are different tools', async () => {
    const copy = 'A pre-trained language model for feature extraction from text.';
    const selector = await rulesSelector([
      makeTool({ id: 'huggingface:bert-base', description: copy }),
      makeTool({ id: 'huggingface:roberta-base', description: copy }),
      makeTool({ id: 'post_chat', description: 'Post a message to a chat channel.' }),
    ]);
    const selection = await selector.select('extract features from text with a language model', {
      k: 2,
      abstain: false,
    });
    expect(new Set(idsOf(selection))).toEqual(new Set(['huggingface:bert-base', 'huggingface:roberta-base']));
    expect(selection.tools.flatMap((tool) => tool.reasons).some((r) => r.kind === 'near-duplicate')).toBe(
      false,
    );
  });

  it('keeps a copy when the prompt matches a word of its own that the kept copy lacks', async () => {
    const copy = 'Send an email message to a recipient with a subject and a body.';
    const selector = await rulesSelector([
      makeTool({ id: 'server_a.send_mail', name: 'send_mail', description: copy, keywords: ['gmail'] }),
      makeTool({ id: 'server_b.send_mail', name: 'send_mail', description: copy, keywords: ['outlook'] }),
      makeTool({ id: 'post_chat', description: 'Post a message with a subject to a chat recipient.' }),
    ]);
    const selection = await selector.select('send an email message to a recipient', { k: 2, abstain: false });
    expect(idsOf(selection)).toEqual(['server_a.send_mail', 'post_chat']);
    const told = await selector.select('send an email message to a recipient from gmail or outlook', {
      k: 2,
      abstain: false,
    });
    expect(new Set(idsOf(told))).toEqual(new Set(['server_a.send_mail', 'server_b.send_mail']));
  });
});
