// Synthetic catalogs for the scale bench: real tools (metadata/ and the public bench catalogs) repeated
// as marked variants, and an embedder that gives each variant view a real vector with a small perturbation.
import path from 'node:path';
import { loadCatalog, type Tool } from '@toolsift/core';
import { createHashEmbedder, createSelector, type Embedder } from '@toolsift/selector';
import { benchRoot, repoRoot } from './bench-datasets.js';

/** Bench catalogs the base tools come from (metadata/ first, then these, interleaved). */
export const BASE_DATASETS = [
  'metatool',
  'toolbench-stable',
  'seal-tools',
  'bfcl',
  'gorilla-apibench',
  'toolalpaca',
  'api-bank',
  'restbench',
] as const;

/**
 * Every real tool, ids made unique per dataset, interleaved across datasets so any prefix mixes them; with
 * `isOursOnly`, the tools of metadata/ alone (what tests use: no public data needed).
 */
export async function loadBaseTools(options: { isOursOnly?: boolean } = {}): Promise<Tool[]> {
  const lists: Tool[][] = [(await loadCatalog([path.join(repoRoot, 'metadata')])).tools];
  for (const dataset of options.isOursOnly === true ? [] : BASE_DATASETS) {
    const { tools } = await loadCatalog([path.join(benchRoot(), dataset, 'tools.jsonl')]);
    lists.push(tools.map((tool) => ({ ...tool, id: `${dataset}/${tool.id}` })));
  }
  const seen = new Set<string>();
  const tools: Tool[] = [...(lists.shift() ?? [])];
  for (const tool of tools) seen.add(tool.id);
  for (let row = 0; lists.some((list) => row < list.length); row++) {
    for (const list of lists) {
      const tool = list[row];
      if (tool !== undefined && !seen.has(tool.id)) {
        seen.add(tool.id);
        tools.push(tool);
      }
    }
  }
  return tools;
}

/** `size` tools: the base tools, then marked variants of them (copy 1, 2, ...) until the size is reached. */
export function syntheticCatalog(base: readonly Tool[], size: number): Tool[] {
  return Array.from({ length: size }, (_, index) => {
    const tool = base[index % base.length]!;
    const copy = Math.floor(index / base.length);
    return copy === 0 ? tool : variantOf(tool, copy);
  });
}

/** The view texts of the base tools (enumerated with a throwaway in-memory selector). */
export async function baseViewTexts(base: readonly Tool[]): Promise<string[]> {
  const selector = await createSelector({
    catalog: base,
    embedder: createHashEmbedder({ dimensions: 8 }),
    indexDir: false,
  });
  return [...new Set(base.flatMap((tool) => selector.views(tool.id).map((view) => view.text)))];
}

/** How the scale embedder answers: catalog views from the cache (perturbed for variants), or the real model. */
export type ScaleEmbedderMode = 'index' | 'query' | 'replay';

/**
 * An embedder with the real model's id for the scale bench. `index`: a view's text, markers removed, is looked
 * up in the vector cache of the real model, and a variant's vector is perturbed (cosine ~0.97 to the original).
 * `query`: every text goes to the real model (the measured query path) and its vector is remembered. `replay`:
 * remembered vectors are returned, so a selection runs without any model call.
 */
export function createScaleEmbedder(options: { real: Embedder; cached: Embedder }): {
  embedder: Embedder;
  setMode(mode: ScaleEmbedderMode): void;
  stats: { indexMs: number };
} {
  let mode: ScaleEmbedderMode = 'index';
  const remembered = new Map<string, Float32Array>();
  const stats = { indexMs: 0 };
  const embedder: Embedder = {
    id: options.real.id,
    dimensions: options.real.dimensions,
    async embed(texts) {
      if (mode === 'query') {
        const vectors = await options.real.embed(texts);
        for (const [index, text] of texts.entries()) remembered.set(text, vectors[index]!);
        return vectors;
      }
      if (mode === 'replay') return texts.map((text) => remembered.get(text) ?? missing(text));
      const started = performance.now();
      const vectors = await options.cached.embed(texts.map((text) => text.replace(MARKER, '')));
      const result = vectors.map((vector, index) => {
        const text = texts[index]!;
        return HAS_MARKER.test(text) ? perturb(vector, hashString(text)) : vector;
      });
      stats.indexMs += performance.now() - started;
      return result;
    },
  };
  return { embedder, setMode: (next) => (mode = next), stats };
}

// --- internal ---

/** The variant marker put in front of the texts of copy n: `⟨vn⟩ `. */
const MARKER = /⟨v\d+⟩ /g;
const HAS_MARKER = /⟨v\d+⟩ /;
/** Norm of the noise added to a unit vector: cosine to the original ~ 1 / sqrt(1 + NOISE^2) ~ 0.97. */
const NOISE = 0.25;

function variantOf(tool: Tool, copy: number): Tool {
  const mark = (text: string | undefined): string | undefined =>
    text === undefined || text.trim() === '' ? text : `⟨v${copy}⟩ ${text}`;
  return {
    ...tool,
    id: `${tool.id}~${copy}`,
    description: mark(tool.description) ?? '',
    useCases: tool.useCases.map((useCase) => ({
      ...useCase,
      ...optional('whenToUse', mark(useCase.whenToUse)),
    })),
    examples: tool.examples.map((example) => ({ ...example, ...optional('prompt', mark(example.prompt)) })),
    parameters: markProperties(tool.parameters, mark),
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

function markProperties(
  schema: Record<string, unknown>,
  mark: (text: string | undefined) => string | undefined,
): Record<string, unknown> {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return schema;
  const marked = Object.fromEntries(
    Object.entries(properties as Record<string, unknown>).map(([name, property]) => {
      if (typeof property !== 'object' || property === null) return [name, property];
      const description = (property as { description?: unknown }).description;
      return [
        name,
        typeof description === 'string' ? { ...property, description: mark(description) } : property,
      ];
    }),
  );
  return { ...schema, properties: marked };
}

function missing(text: string): never {
  throw new Error(`scale bench: no remembered vector for "${text.slice(0, 60)}"`);
}

function perturb(vector: Float32Array, seed: number): Float32Array {
  const random = mulberry32(seed);
  const noise = new Float32Array(vector.length);
  let noiseNorm = 0;
  for (let i = 0; i < noise.length; i += 2) {
    // Box-Muller: two Gaussian samples per pair of uniforms.
    const radius = Math.sqrt(-2 * Math.log(random() || 1e-12));
    const angle = 2 * Math.PI * random();
    noise[i] = radius * Math.cos(angle);
    if (i + 1 < noise.length) noise[i + 1] = radius * Math.sin(angle);
  }
  for (const value of noise) noiseNorm += value * value;
  const scale = NOISE / Math.sqrt(noiseNorm);
  const out = new Float32Array(vector.length);
  let norm = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = vector[i]! + noise[i]! * scale;
    norm += out[i]! * out[i]!;
  }
  const inverse = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i++) out[i]! *= inverse;
  return out;
}

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
