import {
  type FormatTarget,
  type FormatWarning,
  fitToolBudget,
  formatPayload,
  type Tool,
} from '@toolsift/core';
import type { Selection, Selector } from '@toolsift/selector';

/** What the prompt box asks for. */
export interface PageSelectRequest {
  prompt: string;
  k: number;
  /** The LLM tool format the request payload is written in. */
  target: FormatTarget;
}

/** A selection as the prompt box shows it, with the `tools` value of the request it would make. */
export interface PageSelection extends Selection {
  /** The prompt's length in characters (the prompt itself is not sent back). */
  promptLength: number;
  request: {
    target: FormatTarget;
    /** What a request to the LLM carries for its tools (`formatPayload`), as `query --format` prints it. */
    payload: unknown;
    /** What the target cannot express, and budget cuts (the provider's tool-count limit). */
    warnings: FormatWarning[];
    tokens: number;
  };
}

/**
 * Select for the page: every stage explained and timed (reasons and `timings` come with every selection), the
 * tools that fit but cannot run here (checked against `env`), and the selected tools written for `target`.
 */
export async function selectForPage(options: {
  selector: Selector;
  request: PageSelectRequest;
  env: Readonly<Record<string, string | undefined>>;
}): Promise<PageSelection> {
  const { selector, request } = options;
  const selection = await selector.select(request.prompt, { k: request.k, env: options.env });
  const tools = selection.tools
    .map((selected) => selector.tool(selected.id))
    .filter((tool): tool is Tool => tool !== undefined);
  const fitted = fitToolBudget({ tools, target: request.target });
  return {
    ...selection,
    promptLength: request.prompt.length,
    request: {
      target: request.target,
      payload: formatPayload(request.target, fitted.tools),
      warnings: fitted.warnings,
      tokens: fitted.totalTokens,
    },
  };
}
