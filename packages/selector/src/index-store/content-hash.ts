import type { Tool } from '@toolsift/core';
import { sha256 } from './atomic-file.js';

/** Short content hash of a text (sha256, 16 hex chars): the identity of a view's embedding. */
export function hashText(text: string): string {
  return sha256(text).slice(0, 16);
}

/**
 * Content hash of what a tool contributes to the index (its views, lexical document and names): identity,
 * texts, keywords, extensions (views label tools with some of their fields), use cases, example prompts, parameter names and descriptions. Other fields (relations,
 * prerequisites...) are read from the tool itself at selection time, so changing them needs no re-indexing.
 */
export function hashTool(tool: Tool): string {
  const properties = tool.parameters.properties;
  const parameters =
    typeof properties === 'object' && properties !== null
      ? Object.entries(properties).map(([name, property]) => [
          name,
          typeof property === 'object' && property !== null
            ? (property as { description?: unknown }).description
            : null,
        ])
      : null;
  return hashText(
    JSON.stringify([
      tool.id,
      tool.name,
      tool.title,
      tool.description,
      tool.keywords,
      tool.capabilities,
      tool.tags,
      tool.category,
      // The extensions themselves rather than the labels views derive from them: the same re-indexing
      // guarantee (a change that alters the labels alters this) at a tenth of the cost on a reload.
      tool.extensions ?? null,
      tool.useCases,
      tool.examples.map((example) => [example.name, example.description, example.prompt]),
      parameters,
    ]),
  );
}
