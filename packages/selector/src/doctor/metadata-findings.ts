import { isRecord, type Tool } from '@toolsift/core';
import { actionsOfPromptWord } from '../actions/action-words.js';
import { promptWords } from '../actions/prompt-actions.js';
import { createToolActionTable } from '../actions/tool-action-table.js';
import { snippet } from '../rules/rule-text.js';
import { createToolDeprecationTable } from '../views/tool-deprecation.js';
import { DoctorCode, type DoctorFinding } from './doctor-finding.js';
import { ownPrompts } from './own-prompts.js';

/** Fewer words than this make a description SHORT_DESCRIPTION. */
export const SHORT_DESCRIPTION_WORDS = 5;

/**
 * NO_PROMPTS, SHORT_DESCRIPTION and UNDESCRIBED_PARAMETERS: metadata too thin for a selector to go on. Tools in
 * `deprecated` get no NO_PROMPTS: nobody should write use cases for a tool on its way out.
 */
export function thinMetadataFindings(
  tools: readonly Tool[],
  deprecated: ReadonlySet<string> = new Set(),
): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const tool of tools) {
    const where = placeOf(tool);
    if (ownPrompts(tool).length === 0 && !deprecated.has(tool.id)) {
      findings.push({
        code: DoctorCode.NoPrompts,
        kind: 'thin-metadata',
        severity: 'warning',
        tools: [tool.id],
        message:
          'no use case and no example: the selector knows it by its name, description and parameters only, and its reach cannot be checked',
        evidence: [`use cases: 0, examples: 0 (${tool.source.file})`],
        fix: `Add two or three use cases, each with an example prompt in a user's words, to ${where}.`,
        details: {},
      });
    }
    const words = tool.description.match(WORD)?.length ?? 0;
    if (words < SHORT_DESCRIPTION_WORDS) {
      findings.push({
        code: DoctorCode.ShortDescription,
        kind: 'thin-metadata',
        severity: 'warning',
        tools: [tool.id],
        message: `a description of ${words} word${words === 1 ? '' : 's'}`,
        evidence: [`description: "${snippet(tool.description, 90)}"`],
        fix:
          tool.server === undefined
            ? `Say in a sentence or two what it does, to what, and when to use it, in ${where}.`
            : `Its server words its description; say what it does in use cases and keywords in ${where}.`,
        details: { description: tool.description, words },
      });
    }
    const parameters = parameterDescriptions(tool);
    const undescribed = parameters.filter((parameter) => !parameter.isDescribed).map(({ name }) => name);
    if (undescribed.length > 0) {
      findings.push({
        code: DoctorCode.UndescribedParameters,
        kind: 'thin-metadata',
        severity: undescribed.length === parameters.length ? 'warning' : 'info',
        tools: [tool.id],
        message: `${undescribed.length} of ${parameters.length} parameter${parameters.length === 1 ? '' : 's'} without a description`,
        evidence: [`undescribed: ${undescribed.join(', ')}`],
        fix:
          tool.server === undefined
            ? 'Describe each parameter in the words users say for its values: the parameters view is searched too, and a model fills them better.'
            : `Its server writes the schema: ask its authors to describe them; meanwhile keywords and use cases in ${where} carry the words users say for these values.`,
        details: { parameters: undescribed, total: parameters.length },
      });
    }
  }
  return findings;
}

/**
 * DEPRECATED, from the tool's own words as the deprecation rule reads them (`toolDeprecation`): info when it names a
 * replacement the catalog holds (the selector ranks it just below that one), a warning when it names none.
 */
export function deprecationFindings(tools: readonly Tool[]): DoctorFinding[] {
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  const table = createToolDeprecationTable({ tools: () => tools, tool: (id) => byId.get(id) });
  return tools.flatMap((tool): DoctorFinding[] => {
    const deprecation = table.deprecationOf(tool.id);
    if (deprecation === undefined) return [];
    const { evidence, replacementName, replacement } = deprecation;
    return [
      {
        code: DoctorCode.Deprecated,
        kind: 'deprecated',
        severity: replacement === undefined ? 'warning' : 'info',
        tools: [tool.id],
        message:
          replacement !== undefined
            ? `deprecated in favour of ${replacement}: ranked just below it (its reach is not judged)`
            : replacementName !== undefined
              ? `deprecated; it names ${replacementName} in its place, which the catalog does not hold`
              : 'deprecated, naming no tool in its place',
        evidence: [`"${snippet(evidence, 120)}"`],
        fix:
          tool.server !== undefined
            ? replacement !== undefined
              ? `Nothing to do: its server still lists it, and searches offer ${replacement} first.`
              : `Its server still lists it and names no tool of the catalog in its place: give the tool that replaces it a use case for its job in ${placeOf(tool)}.`
            : replacement !== undefined
              ? `Drop it from the catalog once its callers use ${replacement}.`
              : 'Drop it from the catalog, or name its replacement in its description ("Use <tool> instead.").',
        details: {
          evidence,
          ...(replacementName !== undefined ? { replacementName } : {}),
          ...(replacement !== undefined ? { replacement } : {}),
        },
      },
    ];
  });
}

/**
 * UNDECLARED_WRITE: its description opens with a verb that asks only for writes (`Create ...`, `Sends ...`,
 * `Delete ...`, as the action rule reads a prompt's verbs), and nothing the action rule reads of a tool says what it
 * does: no `readOnlyHint`, no HTTP method, no name starting with a verb of one action (see `toolActionOf`). The rule
 * then cannot keep it from prompts that only read.
 */
export function undeclaredWriteFindings(tools: readonly Tool[]): DoctorFinding[] {
  const byId = new Map(tools.map((tool) => [tool.id, tool]));
  const table = createToolActionTable({ tools, tool: (id) => byId.get(id) });
  return tools.flatMap((tool): DoctorFinding[] => {
    if (table.actionOf(tool.id) !== undefined) return [];
    const sentence = firstSentence(tool.description);
    const word = promptWords(sentence)[0];
    const actions = word === undefined ? [] : actionsOfPromptWord(word);
    const [action] = actions;
    if (word === undefined || action === undefined || actions.includes('read')) return [];
    return [
      {
        code: DoctorCode.UndeclaredWrite,
        kind: 'undeclared-write',
        severity: 'warning',
        tools: [tool.id],
        message: `writes ("${word}") without saying so where the selector looks: no readOnlyHint, and its name does not start with a verb of one action`,
        evidence: [
          `description: "${snippet(sentence, 120)}"`,
          `name: ${tool.name}; annotations: ${JSON.stringify(tool.annotations ?? {})}`,
        ],
        fix: `Set annotations.readOnlyHint: false (and destructiveHint: true when it deletes or overwrites) in ${placeOf(tool)}; the action rule then keeps it from prompts that only read.`,
        details: { action, word, sentence },
      },
    ];
  });
}

// --- internal ---

const WORD = /[\p{L}\p{N}]+/gu;

function placeOf(tool: Tool): string {
  return tool.server === undefined ? tool.source.file : `an overlay for the server "${tool.server.name}"`;
}

function firstSentence(text: string): string {
  return (
    text
      .split(/(?<=[.!?])\s+|\n/)
      .map((part) => part.trim())
      .find((part) => part.length > 0) ?? ''
  );
}

function parameterDescriptions(tool: Tool): Array<{ name: string; isDescribed: boolean }> {
  const properties = tool.parameters.properties;
  if (!isRecord(properties)) return [];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    isDescribed:
      isRecord(property) && typeof property.description === 'string' && property.description.trim() !== '',
  }));
}
