import { cosineSimilarity, createEmbedder, DEFAULT_EMBEDDER_ID, EMBEDDER_ID_FORMS } from '@toolsift/selector';
import { type CommandDef, defineCommand } from 'citty';
import type { CliIo } from '../io.js';

/** `toolsift embed TEXT... [--embedder ID] [--json]`: print each text's vector, and the cosine of two texts. */
export function createEmbedCommand(io: CliIo): CommandDef {
  const command = defineCommand({
    meta: {
      name: 'embed',
      description: 'Embed texts and print their vectors (and, for two texts, their cosine similarity).',
    },
    args: {
      text: { type: 'positional', required: true, valueHint: 'TEXT...', description: 'Texts to embed' },
      embedder: {
        type: 'string',
        valueHint: 'ID',
        description: `Embedder: ${EMBEDDER_ID_FORMS.join(' | ')} (default ${DEFAULT_EMBEDDER_ID})`,
      },
      json: {
        type: 'boolean',
        description: 'Print JSON lines {"text","vector"} (and {"cosine"} for two texts)',
      },
    },
    async run({ args }) {
      const texts = args._.map(String);
      const embedder = await createEmbedder(args.embedder ?? DEFAULT_EMBEDDER_ID, {
        env: io.env,
        cwd: io.cwd,
        onProgress: (message) => io.stderr.write(`toolsift: ${message}\n`),
      });
      const vectors = await embedder.embed(texts);
      const [first, second] = vectors;
      const cosine = vectors.length === 2 && first && second ? cosineSimilarity(first, second) : undefined;
      if (args.json) {
        texts.forEach((text, index) => {
          io.stdout.write(`${JSON.stringify({ text, vector: Array.from(vectors[index] ?? []) })}\n`);
        });
        if (cosine !== undefined) io.stdout.write(`${JSON.stringify({ cosine })}\n`);
        return;
      }
      io.stdout.write(`embedder ${embedder.id}, ${embedder.dimensions} dimensions\n`);
      texts.forEach((text, index) => {
        io.stdout.write(`${JSON.stringify(text)}\n  ${describe(vectors[index])}\n`);
      });
      if (cosine !== undefined) io.stdout.write(`cosine ${cosine.toFixed(4)}\n`);
    },
  });
  // citty's CommandDef<Args> is not assignable to the erased CommandDef (its `run` is contravariant).
  return command as unknown as CommandDef;
}

// --- internal ---

function describe(vector: Float32Array | undefined): string {
  const values = Array.from(vector ?? []);
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0));
  const head = values.slice(0, 6).map((value) => value.toFixed(4));
  return `${values.length} dims, norm ${norm.toFixed(4)}, [${head.join(', ')}${values.length > 6 ? ', ...' : ''}]`;
}
