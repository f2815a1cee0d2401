import { cosineSimilarity } from '../embedding/cosine-similarity.js';
import type { ScoredTool } from '../ranking/selection-context.js';
import { identifierWords } from '../views/identifier-words.js';
import { viewKey } from '../views/tool-view.js';
import type { BuiltInRuleRun } from './rule-run.js';
import { roundTo } from './rule-text.js';
import type { BuiltInRule } from './selection-rule.js';

/**
 * Near-duplicates: a tool whose description view is at least `duplicateThreshold` similar to a tool already
 * in the top k is moved just below the top k, so copies of one tool do not fill the selection between them,
 * unless the prompt tells them apart (it matches a word of the candidate's that the kept tool lacks).
 * The kept tool is annotated with the duplicates it displaced.
 */
export function nearDuplicateRule(): BuiltInRule {
  return {
    name: 'near-duplicates',
    phase: 'after-fusion',
    reads: ['ranked', 'k'],
    writes: ['ranked', 'reasons'],
    apply(context, run) {
      const top: ScoredTool[] = [];
      const deferred: ScoredTool[] = [];
      const rest: ScoredTool[] = [];
      const baseNames = new Map<string, string>();
      const sameName = (a: string, b: string) =>
        baseNameOf(run, a, baseNames) === baseNameOf(run, b, baseNames);
      // Each description vector is read once per selection (a loaded graph reads it back from hnswlib).
      const vectors = new Map<string, Float32Array | undefined>();
      const descriptionOf = (toolId: string): Float32Array | undefined => {
        if (!vectors.has(toolId)) vectors.set(toolId, run.index.vector(viewKey(toolId, 'description', 0)));
        return vectors.get(toolId);
      };
      for (const scored of context.ranked) {
        if (top.length >= context.k) {
          rest.push(scored);
          continue;
        }
        // Names first: they rarely match, and the vectors are only needed when they do.
        const sameNamed =
          scored.exact !== undefined
            ? []
            : top.filter((kept) => sameName(kept.toolId, scored.toolId) && !hasOwnMatchedWords(scored, kept));
        const vector = sameNamed.length === 0 ? undefined : descriptionOf(scored.toolId);
        const twin = vector === undefined ? undefined : firstTwin(sameNamed, vector, descriptionOf, run);
        if (twin === undefined) {
          top.push(scored);
          continue;
        }
        deferred.push(scored);
        twin.kept.reasons.push({
          kind: 'near-duplicate',
          message: `${scored.toolId} is a near-duplicate (description similarity ${twin.similarity.toFixed(3)}) and was moved below the top ${context.k}`,
          details: {
            duplicate: scored.toolId,
            similarity: roundTo(twin.similarity),
            threshold: run.weights.duplicateThreshold,
          },
        });
      }
      context.ranked = [...top, ...deferred, ...rest];
    },
  };
}

// --- internal ---

/** The name a tool offers its function under (servers and namespaces aside), computed once per selection. */
function baseNameOf(run: BuiltInRuleRun, toolId: string, known: Map<string, string>): string {
  let name = known.get(toolId);
  if (name === undefined) {
    name = baseName(run.index.tool(toolId)?.name ?? toolId);
    known.set(toolId, name);
  }
  return name;
}

/** The last segment of a name, in words: `server_a.send_mail` and `SendMail` both give `send mail`. */
function baseName(name: string): string {
  const segment =
    name
      .split(/[./:]/)
      .filter((part) => part.length > 0)
      .at(-1) ?? name;
  return identifierWords(segment).join(' ').toLowerCase();
}

/** The prompt tells the two apart: it matches a word of the candidate's that the kept tool lacks. */
function hasOwnMatchedWords(candidate: ScoredTool, kept: ScoredTool): boolean {
  const keptTerms = new Set(kept.lexical?.terms ?? []);
  return (candidate.lexical?.terms ?? []).some((term) => !keptTerms.has(term));
}

/** The first kept tool whose description is at least `duplicateThreshold` similar to `vector`, with that similarity. */
function firstTwin(
  kept: readonly ScoredTool[],
  vector: Float32Array,
  descriptionOf: (toolId: string) => Float32Array | undefined,
  run: BuiltInRuleRun,
): { kept: ScoredTool; similarity: number } | undefined {
  for (const candidate of kept) {
    const other = descriptionOf(candidate.toolId);
    const similarity = other === undefined ? 0 : cosineSimilarity(vector, other);
    if (similarity >= run.weights.duplicateThreshold) return { kept: candidate, similarity };
  }
  return undefined;
}
