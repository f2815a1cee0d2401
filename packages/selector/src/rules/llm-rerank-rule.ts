import type { Tool } from '@toolsift/core';
import type OpenAI from 'openai';
import type { ScoredTool } from '../ranking/selection-context.js';
import { WarningCode } from '../ranking/warning-code.js';
import { parseRerankAnswer, RERANK_RESPONSE_SCHEMA, rerankMessages } from './rerank-request.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * The optional LLM stage: the top candidates, with their use cases, `not_for` and conflicts, go to a chat
 * model (any OpenAI-compatible server) with structured output. Its chosen tools lead the ranking, in its
 * order, with its reason; the others follow in local order. Choosing none empties the selection. Any failure
 * (network, timeout, invalid answer, unknown ids) keeps the local ranking and adds a `RERANK_FAILED` warning.
 */
export function llmRerankRule(): BuiltInRule {
  return {
    name: 'rerank',
    phase: 'after-confidence',
    reads: ['prompt', 'k', 'ranked'],
    writes: ['ranked', 'k', 'reasons', 'warnings', 'run.rerank'],
    async apply(context, run) {
      const rerank = run.options.rerank;
      if (rerank === undefined) return;
      const candidates = context.ranked.slice(0, rerank.candidates ?? run.weights.rerankCandidates);
      if (candidates.length === 0) return;
      const tools = candidates
        .map((scored) => run.index.tool(scored.toolId))
        .filter((tool): tool is Tool => tool !== undefined);
      const started = performance.now();
      const fail = (why: string): void => {
        context.warnings.push({
          code: WarningCode.RerankFailed,
          message: `the LLM stage (${rerank.model}) failed, the local ranking is kept: ${why}`,
        });
      };
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        // Loaded on first use: the SDK costs ~0.1 s of import that every process without an LLM stage would pay.
        const { default: OpenAIClient } = await import('openai');
        const client = new OpenAIClient({
          apiKey: rerank.apiKey ?? run.environment.env.OPENAI_API_KEY ?? 'unused',
          ...(rerank.baseURL === undefined ? {} : { baseURL: rerank.baseURL }),
          timeout: rerank.timeoutMs ?? 20_000,
          maxRetries: 0,
        });
        completion = await client.chat.completions.create({
          model: rerank.model,
          messages: rerankMessages(context.prompt, tools),
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'tool_choice', strict: true, schema: RERANK_RESPONSE_SCHEMA },
          },
        });
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
        return;
      }
      const answer = parseRerankAnswer(completion.choices[0]?.message.content);
      if (answer === undefined)
        return fail('the answer is not the expected JSON {"tools": [...], "reason": "..."}');
      const byId = new Map(candidates.map((scored) => [scored.toolId, scored]));
      const unknown = answer.tools.filter((id) => !byId.has(id));
      if (unknown.length > 0)
        return fail(`the model chose tools that are not candidates: ${unknown.join(', ')}`);
      const chosen = [...new Set(answer.tools)].map((id) => byId.get(id) as ScoredTool);
      run.rerank = {
        model: rerank.model,
        chosen: chosen.map((scored) => scored.toolId),
        reason: answer.reason,
        ms: Math.round((performance.now() - started) * 1000) / 1000,
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
      };
      chosen.forEach((scored, position) => {
        scored.reasons.push({
          kind: 'llm',
          message: `${rerank.model} chose it (${position + 1} of ${chosen.length}): ${answer.reason}`,
          details: { model: rerank.model, position: position + 1 },
        });
      });
      if (chosen.length === 0) {
        context.ranked = [];
        context.warnings.push({
          code: WarningCode.LlmAbstained,
          message: `${rerank.model} chose no tool: ${answer.reason}`,
        });
        return;
      }
      context.ranked = [...chosen, ...context.ranked.filter((scored) => !chosen.includes(scored))];
      context.k = Math.min(context.k, chosen.length);
    },
  };
}
