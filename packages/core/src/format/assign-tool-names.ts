import type { Tool } from '../model/tool.js';
import { FormatWarningCode } from './format-result.js';
import type { FormatTarget } from './format-target.js';
import { TOOL_NAME_RULES, type ToolNameRule } from './tool-name-rules.js';

/** A name decision for one tool, with the warning to report when the name had to change. */
export interface AssignedToolName {
  name: string;
  warning?: { code: FormatWarningCode; message: string };
}

/**
 * Give every tool a name valid for `target`, unique among `tools`. Names that are already valid are
 * kept (first come, first served); the others are sanitised, then made unique with `_2`, `_3`, ...
 * in input order, so the result is deterministic.
 */
export function assignToolNames(options: {
  tools: readonly Tool[];
  target: FormatTarget;
  nameFrom: 'id' | 'name';
}): AssignedToolName[] {
  const rule = TOOL_NAME_RULES[options.target];
  const raws = options.tools.map((tool) => (options.nameFrom === 'id' ? tool.id : tool.name));
  const taken = new Set<string>();
  const assigned: (AssignedToolName | undefined)[] = raws.map((raw) => {
    if (!rule.pattern.test(raw) || taken.has(raw)) return undefined;
    taken.add(raw);
    return { name: raw };
  });
  return raws.map((raw, index) => {
    const kept = assigned[index];
    if (kept !== undefined) return kept;
    const isValid = rule.pattern.test(raw);
    const base = isValid ? raw : sanitiseToolName(raw, rule);
    const name = uniqueName(base, rule, taken);
    taken.add(name);
    if (name === base && !isValid) {
      return {
        name,
        warning: {
          code: FormatWarningCode.NameChanged,
          message: `Name "${raw}" is not valid for ${options.target} (${rule.pattern.source}); emitted as "${name}".`,
        },
      };
    }
    return {
      name,
      warning: {
        code: FormatWarningCode.NameDeduplicated,
        message: `Name "${raw}" is already used by another tool for ${options.target}; emitted as "${name}".`,
      },
    };
  });
}

/** Rewrite `raw` into a name `rule` accepts: accents dropped, other characters replaced by `_`, cut to length. */
export function sanitiseToolName(raw: string, rule: ToolNameRule): string {
  const plain = raw.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let name = '';
  let isInRun = false;
  for (const character of plain) {
    if (rule.allowedCharacter.test(character)) {
      name += character;
      isInRun = false;
    } else if (!isInRun) {
      name += '_';
      isInRun = true;
    }
  }
  name = name.replace(/^_+|_+$/g, '');
  if (name === '') name = 'tool';
  if (rule.firstCharacter !== undefined && !rule.firstCharacter.test(name[0] ?? '')) name = `_${name}`;
  return name.slice(0, rule.maxLength);
}

// --- internal ---

function uniqueName(base: string, rule: ToolNameRule, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let counter = 2; ; counter += 1) {
    const suffix = `_${counter}`;
    const candidate = `${base.slice(0, rule.maxLength - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
