// One process on a shared store, driven by the multi-process tests: it opens a selector over the project catalog
// with the hash embedder on the store named by `TOOLSIFT_STORE` (namespace `TOOLSIFT_STORE_NAMESPACE`), prints
// `{"ready":…}`, then answers one JSON request per stdin line with one JSON line on stdout.
//   {"op":"learn","prompt":P,"tool":T}          → {"report":…}
//   {"op":"learn-loop","prefix":X,"count":N}    → {"learned":i} after each learn is kept, then {"done":N}
//   {"op":"learned"}                            → {"learned":[{prompt,tool,source}]}
//   {"op":"served","prompt":P}                  → {"served":bool}: a learned view of P is in the index
//   {"op":"select","prompt":P}                  → {"tools":[ids]}
//   {"op":"status"}                             → {"status","embedded","reused","warnings":[codes]}
//   {"op":"close"}                              → closes the store and exits
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createSelector } from '@toolsift/selector';

const catalog = path.resolve(import.meta.dirname, '../../metadata');
const store = process.env.TOOLSIFT_STORE;
if (store === undefined) throw new Error('TOOLSIFT_STORE is not set');

const send = (message: unknown): void => void process.stdout.write(`${JSON.stringify(message)}\n`);
const selector = await createSelector({ catalog, embedder: 'hash', store });
const status = () => ({
  status: selector.index.status,
  embedded: selector.index.embedded,
  reused: selector.index.reused,
  warnings: selector.index.warnings.map((warning) => warning.code),
});
const tools = selector.tools.map((tool) => tool.id).sort();
send({ ready: status(), tools });

for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line) as {
    op: string;
    prompt?: string;
    tool?: string;
    prefix?: string;
    count?: number;
  };
  switch (request.op) {
    case 'learn':
      send({ report: await selector.learn([{ prompt: request.prompt!, tool: request.tool! }]) });
      break;
    case 'learn-loop':
      for (let position = 0; position < request.count!; position++) {
        const tool = tools[position % tools.length]!;
        await selector.learn([{ prompt: `${request.prefix} prompt ${position}`, tool }]);
        send({ learned: position + 1 });
      }
      send({ done: request.count });
      break;
    case 'learned':
      send({ learned: selector.learned() });
      break;
    case 'served':
      send({
        served: selector.tools.some((tool) =>
          selector.views(tool.id).some((view) => view.kind === 'learned' && view.text === request.prompt),
        ),
      });
      break;
    case 'select':
      send({ tools: (await selector.select(request.prompt!)).tools.map((tool) => tool.id) });
      break;
    case 'status':
      send(status());
      break;
    case 'close':
      await selector.close();
      process.exit(0);
      break;
    default:
      throw new Error(`unknown op ${request.op}`);
  }
}
