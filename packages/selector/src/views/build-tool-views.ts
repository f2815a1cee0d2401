import { redactSecrets, type Tool } from '@toolsift/core';
import { extensionLabels } from './extension-labels.js';
import { humanizeIdentifier } from './identifier-words.js';
import { nameWithinServer, serverSentences } from './tool-server.js';
import { type ToolView, viewKey } from './tool-view.js';
import type { ViewPhrasing } from './view-phrasing.js';

/**
 * The catalog views of a tool, in a stable order: description (name within its server + title + description,
 * worded as `phrasing` says), one per use case, one per example or example prompt, keywords + capabilities (+
 * extension labels), parameters, and what its server's instructions say of it by name. Empty views are skipped.
 */
export function buildToolViews(tool: Tool, phrasing: ViewPhrasing = 'plain'): ToolView[] {
  const views: ToolView[] = [];
  const add = (kind: ToolView['kind'], n: number, text: string): void => {
    // Views are embedded (sent to the embedder's model with openai:) and quoted in reasons: no secret in them.
    const clean = normalizeSpace(redactSecrets(text));
    if (clean.length > 0)
      views.push({ key: viewKey(tool.id, kind, n), toolId: tool.id, kind, n: String(n), text: clean });
  };

  add(
    'description',
    0,
    phrasing === 'request' ? describeAsRequest(tool) : joinSentences([describeName(tool), tool.description]),
  );
  tool.useCases.forEach((useCase, index) => {
    add('use-case', index, joinSentences([useCase.title, useCase.whenToUse, useCase.example]));
  });
  tool.examples.forEach((example, index) => {
    add('example', index, example.prompt ?? joinSentences([example.name, example.description]));
  });
  add(
    'keywords',
    0,
    [...tool.keywords, ...tool.capabilities, ...tool.tags, tool.category ?? '', ...extensionLabels(tool)]
      .filter(Boolean)
      .join(', '),
  );
  add('parameters', 0, describeParameters(tool.parameters));
  add('server', 0, serverSentences(tool).own.join(' '));
  return views;
}

/** The name part of the description view: the humanised name (without its server's qualifier, see
 * `nameWithinServer`), then the title when it adds words. */
export function describeName(tool: Pick<Tool, 'name' | 'title' | 'server'>): string {
  const name = humanizeIdentifier(nameWithinServer(tool));
  const title = tool.title?.trim();
  if (title === undefined || title.length === 0 || humanizeIdentifier(title) === name) return name;
  return `${name} (${title})`;
}

// --- internal ---

/** The description as a user would ask for it, then the name: `Can you help me <description>? <name>.` */
function describeAsRequest(tool: Pick<Tool, 'name' | 'title' | 'description' | 'server'>): string {
  const description = normalizeSpace(tool.description).replace(/[.!?:;]+$/, '');
  // Without a description the name is the request (measured on toolbench's blank descriptions: better than the bare name).
  if (description.length === 0) return `Can you help me with ${describeName(tool)}?`;
  return `Can you help me ${lowerFirstWord(description)}? ${joinSentences([describeName(tool)])}`;
}

/** Lower-case the first letter unless the first word is an acronym (`API`, `URL`). */
function lowerFirstWord(text: string): string {
  const first = text.charAt(0);
  const second = text.charAt(1);
  if (second !== '' && second === second.toUpperCase() && second !== second.toLowerCase()) return text;
  return first.toLowerCase() + text.slice(1);
}

function describeParameters(schema: Record<string, unknown>): string {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return '';
  const parts: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const description =
      typeof property === 'object' && property !== null && 'description' in property
        ? String((property as { description?: unknown }).description ?? '')
        : '';
    parts.push(
      description.trim().length > 0
        ? `${humanizeIdentifier(name)}: ${description.trim()}`
        : humanizeIdentifier(name),
    );
  }
  return parts.join('; ');
}

function joinSentences(parts: ReadonlyArray<string | undefined>): string {
  return parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .map((part) => (/[.!?:;]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
