// One request of a serverless-style deployment, as a fresh process: open a selector on the store named by
// `TOOLSIFT_STORE` over the project catalog (metadata/) with use-lite, answer the prompt given as the argument, close
// the store (after SERVERLESS_IDLE_MS, if set), and print one JSON line: what the model embedded while the selector
// opened (catalog texts) and for the prompt, what the selector says of its index, and the selection.
import path from 'node:path';
import { createEmbedder, createSelector, type Embedder } from '@toolsift/selector';

const store = process.env.TOOLSIFT_STORE;
const prompt = process.argv[2];
if (store === undefined || prompt === undefined)
  throw new Error('usage: TOOLSIFT_STORE=url serverless-request.ts PROMPT');

const model = await createEmbedder('use-lite');
let embedded = 0;
const counting: Embedder = {
  id: model.id,
  dimensions: model.dimensions,
  embed(texts) {
    embedded += texts.length;
    return model.embed(texts);
  },
};
const selector = await createSelector({
  catalog: path.resolve(import.meta.dirname, '../../metadata'),
  embedder: counting,
  store,
});
const atLoad = embedded;
const selection = await selector.select(prompt);
// A warm instance may sit idle before it closes: the store's idle connections have closed by then.
const idleMs = Number(process.env.SERVERLESS_IDLE_MS ?? 0);
if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
await selector.close();
process.stdout.write(
  `${JSON.stringify({
    embeddedAtLoad: atLoad,
    embeddedForPrompt: embedded - atLoad,
    index: {
      status: selector.index.status,
      embedded: selector.index.embedded,
      reused: selector.index.reused,
    },
    warnings: selector.index.warnings.map((warning) => warning.code),
    tools: selection.tools.map((tool) => ({ id: tool.id, score: tool.score })),
  })}\n`,
);
