import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { GatewayCore, GatewayRequestExtra } from './create-gateway-server.js';

/** The upstream tools of one client's `tools/list` in dynamic mode; see `listFoundTools`. */
export interface FoundTools {
  /** List these tools (qualified names, as a search returned them) as tools of this client's server. */
  add(names: readonly string[]): void;
}

/**
 * Dynamic mode: the tools searches found are registered as tools of `server` under their qualified names, with their
 * upstream definitions (input and output schemas as the server wrote them), and calling one proxies it. At most
 * `dynamicMax` stay, the latest found: a tool found again moves to the end, the oldest leave. A listed tool its
 * server changes is listed anew, one it removes leaves. `McpServer` sends `notifications/tools/list_changed` for each
 * change (debounced by the server: one per search). The subscription to the upstreams ends when the connection
 * closes (the server's `onclose`, which this owns).
 */
export function listFoundTools(options: {
  server: McpServer;
  core: GatewayCore;
  dynamicMax: number;
  proxy: (
    name: string,
    callArguments: Record<string, unknown>,
    extra: GatewayRequestExtra,
  ) => Promise<CallToolResult>;
}): FoundTools {
  const { server, core, dynamicMax, proxy } = options;
  // Oldest first; each with the upstream definition it was registered with.
  const listed = new Map<string, { definition: McpTool; registered: RegisteredTool }>();

  const register = (name: string, definition: McpTool): void => {
    const registered = server.registerTool(
      name,
      {
        ...(definition.title !== undefined ? { title: definition.title } : {}),
        ...(definition.description !== undefined ? { description: definition.description } : {}),
        inputSchema: upstreamSchema(definition.inputSchema),
        ...(definition.outputSchema !== undefined
          ? { outputSchema: upstreamSchema(definition.outputSchema) }
          : {}),
        ...(definition.annotations !== undefined ? { annotations: definition.annotations } : {}),
        ...(definition._meta !== undefined ? { _meta: definition._meta } : {}),
      },
      (callArguments, extra) => proxy(name, callArguments, extra),
    );
    listed.set(name, { definition, registered });
  };

  const unsubscribe = core.subscribe(() => {
    // A session refused at initialize never connects: its first event ends the subscription.
    if (!server.isConnected()) return unsubscribe();
    for (const [name, entry] of listed) {
      const now = core.pool.resolve(name)?.definition;
      if (now === entry.definition) continue;
      entry.registered.remove();
      listed.delete(name);
      if (now !== undefined) register(name, now);
    }
  });
  server.server.onclose = unsubscribe;

  return {
    add(names) {
      for (const name of names) {
        const known = listed.get(name);
        if (known !== undefined) {
          listed.delete(name);
          listed.set(name, known);
          continue;
        }
        const tool = core.pool.resolve(name);
        if (tool !== undefined) register(name, tool.definition);
      }
      for (const [name, entry] of listed) {
        if (listed.size <= dynamicMax) break;
        entry.registered.remove();
        listed.delete(name);
      }
    },
  };
}

// --- internal ---

/**
 * A schema that accepts any object (the upstream server checks its own arguments and results) and is listed as the
 * upstream's JSON Schema, unchanged: zod writes an object schema's metadata over what it generates, and keys set to
 * undefined (its own `additionalProperties`, the `$schema` it adds) are left out of the JSON.
 */
function upstreamSchema(jsonSchema: Record<string, unknown>) {
  // An `id` in metadata is a registry id to zod (unique across schemas): a draft-04 `id` would clash.
  const { id: _registryId, ...rest } = jsonSchema;
  return z
    .looseObject({})
    .meta({ ...rest, additionalProperties: rest.additionalProperties, $schema: rest.$schema });
}
