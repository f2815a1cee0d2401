import type { Tool } from '@toolsift/core';
import type { LexicalDocument } from '../lexical/lexical-index.js';
import { extensionLabels } from './extension-labels.js';
import { humanizeIdentifier } from './identifier-words.js';

/** Field names of a tool's lexical document; `RankingWeights.lexicalFields` weighs them. */
export type LexicalField = 'name' | 'title' | 'keywords' | 'description' | 'usage' | 'parameters' | 'learned';

/**
 * One lexical document per tool, keyed by tool id, with fields by importance: name (raw and split),
 * title, keywords (+ capabilities, tags, category, extension labels), description, usage (use cases and examples),
 * parameters, and the prompts learned for the tool. `notFor` texts are left out on purpose.
 */
export function buildLexicalDocument(tool: Tool, learnedPrompts: readonly string[] = []): LexicalDocument {
  const fields: Record<LexicalField, string> = {
    name: `${tool.name} ${humanizeIdentifier(tool.name)}`,
    title: tool.title ?? '',
    keywords: [
      ...tool.keywords,
      ...tool.capabilities,
      ...tool.tags,
      tool.category ?? '',
      ...extensionLabels(tool),
    ].join(' '),
    description: tool.description,
    usage: [
      ...tool.useCases.flatMap((useCase) => [useCase.title, useCase.whenToUse ?? '', useCase.example ?? '']),
      ...tool.examples.flatMap((example) => [
        example.name ?? '',
        example.description ?? '',
        example.prompt ?? '',
      ]),
    ].join(' '),
    parameters: parameterText(tool.parameters),
    learned: learnedPrompts.join(' '),
  };
  return { key: tool.id, fields };
}

// --- internal ---

function parameterText(schema: Record<string, unknown>): string {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return '';
  return Object.entries(properties)
    .map(([name, property]) => {
      const description =
        typeof property === 'object' && property !== null
          ? (property as { description?: unknown }).description
          : '';
      return `${humanizeIdentifier(name)} ${typeof description === 'string' ? description : ''}`;
    })
    .join(' ');
}
