import { ErrorCode, ToolsiftError } from '../errors.js';
import { FORMAT_TARGETS, isFormatTarget } from '../format/format-target.js';
import { formatPayload, formatTools } from '../format/format-tools.js';
import { redactSecrets } from '../format/redact-secrets.js';
import type { Tool } from '../model/tool.js';
import { yamlLibrary } from '../parsing-libraries.js';
import { toMatimoDefinition } from './to-matimo-definition.js';

/**
 * Everything `writeTools` (and `toolsift convert --to`) can write: each LLM/MCP emit target of
 * `FORMAT_TARGETS`, Matimo `definition.yaml`, and `json`, the normalised tool model.
 */
export const WRITE_TARGETS: readonly string[] = Object.freeze([...FORMAT_TARGETS, 'matimo', 'json']);

/** Written text, and what the target could not express (`<tool id>: <CODE> <message>`). */
export interface WrittenTools {
  text: string;
  warnings: string[];
}

/**
 * Write tools in a target format. One tool gives one object (one YAML document for matimo); several
 * give the target's list form (`{tools: [...]}` for MCP, several YAML documents for matimo).
 * An unknown target is a USAGE_ERROR naming the valid ones. Credentials are never written.
 * @example writeTools(tools, { to: 'openai' }).text
 */
export function writeTools(tools: readonly Tool[], options: { to: string }): WrittenTools {
  const { to } = options;
  if (isFormatTarget(to)) {
    const result = formatTools(tools, to);
    const value = result.tools.length === 1 ? result.tools[0] : formatPayload(to, result.tools);
    return {
      text: toJson(value),
      warnings: result.warnings.map((warning) => `${warning.toolId}: ${warning.code} ${warning.message}`),
    };
  }
  if (to === 'matimo') {
    const documents = tools.map((tool) =>
      yamlLibrary().stringify(toMatimoDefinition(tool), { lineWidth: 0 }),
    );
    return { text: documents.join('---\n'), warnings: [] };
  }
  if (to === 'json') {
    const written = tools.map((tool) => redactSecrets(tool));
    return { text: toJson(written.length === 1 ? written[0] : written), warnings: [] };
  }
  throw new ToolsiftError(
    ErrorCode.UsageError,
    `Unknown output format "${to}". Valid formats: ${WRITE_TARGETS.join(', ')}.`,
  );
}

// --- internal ---

function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
