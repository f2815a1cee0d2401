import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import type { Tool } from '../model/tool.js';
import { isRecord } from '../schema/is-record.js';

/**
 * Characters of one text field above which `validate` warns (TEXT_TOO_LONG). The sentence encoder reads the
 * first 128 tokens with `use-lite` (about 500 characters of English) and at most 512 with the larger encoders
 * (about 2,000): everything after is never embedded, and only dilutes BM25. 4,000 characters is twice the most
 * any encoder reads, and above the longest real description in the shared corpora (3,032 characters, a log
 * query language documented inline), so the warning means text is lost, not that a tool is thorough.
 */
export const MAX_TEXT_CHARS = 4000;

/**
 * A TEXT_TOO_LONG warning for every text that is embedded for retrieval (description, title, use cases,
 * examples, parameter descriptions) and longer than `MAX_TEXT_CHARS`, naming the field by its dotted path.
 */
export function checkTextLength(tool: Tool, at: Pick<Diagnostic, 'file' | 'pointer' | 'line'>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [path, text] of embeddedTexts(tool)) {
    if (text.length <= MAX_TEXT_CHARS) continue;
    diagnostics.push({
      ...at,
      code: ErrorCode.TextTooLong,
      severity: 'warning',
      message:
        `Tool "${tool.id}" ${path} is ${text.length.toLocaleString('en-US')} characters long ` +
        `(more than ${MAX_TEXT_CHARS.toLocaleString('en-US')}): the sentence encoder reads only its first few ` +
        'hundred tokens (about 500 to 2,000 characters) and ignores the rest, which only dilutes keyword search. ' +
        'Put what tells the tool apart first and move reference material elsewhere.',
    });
  }
  return diagnostics;
}

// --- internal ---

function* embeddedTexts(tool: Tool): Generator<[string, string]> {
  yield ['description', tool.description];
  if (tool.title !== undefined) yield ['title', tool.title];
  for (const [index, useCase] of tool.useCases.entries()) {
    for (const key of ['title', 'whenToUse', 'example', 'notFor'] as const) {
      const text = useCase[key];
      if (text !== undefined) yield [`useCases[${index}].${key}`, text];
    }
  }
  for (const [index, example] of tool.examples.entries()) {
    for (const key of ['name', 'description', 'prompt'] as const) {
      const text = example[key];
      if (text !== undefined) yield [`examples[${index}].${key}`, text];
    }
  }
  const properties = tool.parameters.properties;
  if (!isRecord(properties)) return;
  for (const [name, property] of Object.entries(properties)) {
    if (isRecord(property) && typeof property.description === 'string')
      yield [`parameters.properties.${name}.description`, property.description];
  }
}
