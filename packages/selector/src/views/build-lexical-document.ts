import type { Tool } from '@toolsift/core';
import type { LexicalDocument } from '../lexical/lexical-index.js';
import { extensionLabels } from './extension-labels.js';
import { humanizeIdentifier } from './identifier-words.js';
import { nameWithinServer, serverNames, serverSentences } from './tool-server.js';

/** Field names of a tool's lexical document; `RankingWeights.lexicalFields` weighs them. */
export type LexicalField =
  | 'name'
  | 'title'
  | 'keywords'
  | 'description'
  | 'usage'
  | 'parameters'
  | 'learned'
  | 'server';

/**
 * One lexical document per tool, keyed by tool id, with fields by importance: name (raw and split, without its
 * server's qualifier), title, keywords (+ capabilities, tags, category, extension labels), description, usage (use
 * cases, examples, and what its server's instructions say of it by name), parameters, the prompts learned for the
 * tool, and its server (names, title, and what the instructions say of the server as a whole: evidence for every
 * tool of it). `notFor` texts are left out on purpose.
 */
export function buildLexicalDocument(tool: Tool, learnedPrompts: readonly string[] = []): LexicalDocument {
  const name = nameWithinServer(tool);
  const server = serverSentences(tool);
  const fields: Record<LexicalField, string> = {
    name: `${name} ${humanizeIdentifier(name)}`,
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
      ...server.own,
    ].join(' '),
    parameters: parameterText(tool.parameters),
    learned: learnedPrompts.join(' '),
    server: [...serverNames(tool).map(humanizeIdentifier), ...server.general].join(' '),
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
