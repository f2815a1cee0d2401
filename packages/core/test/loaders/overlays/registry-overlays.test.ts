// The shipped overlays for servers of Docker's MCP registry. These servers have no npm package to start in a test,
// so their tool lists cannot be read live: this file checks what the overlays promise without them (the names a
// user's config or the registry gives each server, one entry per tool) and that a list in the registry's own shape
// picks its overlay up.
import { describe, expect, test } from 'vitest';
import { loadCatalog } from '../../../src/loaders/load-catalog.js';
import { shippedOverlays } from '../../../src/loaders/overlays/shipped-overlays.js';
import { useTempDirs, writeFiles } from '../helpers/temp-dir.js';

const makeTempDir = useTempDirs();
const { overlays } = await shippedOverlays();

/** Overlay file -> the server's name in the registry, the key users give it, and how many tools it lists. */
const REGISTRY_SERVERS = [
  { overlay: 'notion', registry: 'notion-remote', configKey: 'notion', tools: 8 },
  { overlay: 'stripe', registry: 'stripe-remote', configKey: 'stripe', tools: 25 },
  { overlay: 'sentry', registry: 'sentry-remote', configKey: 'sentry', tools: 2 },
  { overlay: 'gmail', registry: 'gmail-mcp', configKey: 'gmail', tools: 3 },
  { overlay: 'neo4j', registry: 'neo4j', configKey: 'neo4j', tools: 4 },
  { overlay: 'sqlite', registry: 'sqlite-mcp-server', configKey: 'sqlite', tools: 25 },
  { overlay: 'kubectl', registry: 'kubectl-mcp-server', configKey: 'kubectl', tools: 26 },
  { overlay: 'microsoft-learn', registry: 'microsoft-learn', configKey: 'microsoft-learn', tools: 3 },
  { overlay: 'buildkite', registry: 'buildkite', configKey: 'buildkite', tools: 24 },
  { overlay: 'sonarqube', registry: 'sonarqube', configKey: 'sonarqube', tools: 25 },
  { overlay: 'webflow', registry: 'webflow-remote', configKey: 'webflow', tools: 14 },
];

describe('shipped overlays for servers of Docker MCP registry', () => {
  test.each(REGISTRY_SERVERS.map((server) => [server.overlay, server] as const))(
    '%s: names the server as the registry and a config would, and has an entry per tool',
    (_overlay, server) => {
      const overlay = overlays.find((candidate) => candidate.file === `shipped:${server.overlay}`);
      const names = overlay?.server?.names.map((name) => name.toLowerCase());
      expect(names).toEqual(expect.arrayContaining([server.registry, server.configKey]));
      expect(overlay?.entries.length).toBe(server.tools);
    },
  );

  test('a tool list in the registry shape (compact arguments) gets the overlay of the server it names', async () => {
    const root = await makeTempDir();
    // Our own words for the tool: the overlay still applies, and notes that it was written for another description.
    const stripe = JSON.stringify({
      serverInfo: { name: 'stripe-remote' },
      tools: [
        {
          name: 'create_refund',
          description: 'Give a payment back to whoever paid it.',
          arguments: [{ name: 'payment_intent', type: 'string', desc: 'The payment to give back.' }],
        },
      ],
    });
    await writeFiles(root, { 'stripe.json': stripe });
    const { tools } = await loadCatalog(['.'], { cwd: root });
    expect(tools[0]?.overlays?.[0]).toMatchObject({
      file: 'shipped:stripe',
      pointer: '/tools/create_refund',
    });
    expect(tools[0]?.overlays?.[0]?.isStale).toBe(true);
    expect(tools[0]?.examples.map((example) => example.prompt)).toContain('give the customer their $40 back');
    expect(tools[0]?.server?.description).toMatch(/refunds/);
  });
});
