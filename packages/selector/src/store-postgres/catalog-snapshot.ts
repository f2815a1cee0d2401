import type { Sql } from 'postgres';
import { hashText } from '../index-store/content-hash.js';
import type { ToolIndex } from '../index-store/tool-index.js';

/**
 * Keep the catalog a namespace's index was built from (`toolsift_catalogs`: its tools as JSON, their count, a hash of
 * their content hashes), for whoever reads the store (a backup, `psql`). The tools are sent only when the hash
 * differs from the one kept: processes of one deployment save the same catalog over and over.
 */
export async function saveCatalogSnapshot(options: {
  sql: Sql;
  namespace: string;
  index: ToolIndex;
}): Promise<void> {
  const { sql, namespace, index } = options;
  const tools = index.tools();
  const contentHash = hashText(
    JSON.stringify(tools.map((tool) => [tool.id, index.toolHash(tool.id) ?? '']).sort()),
  );
  const [kept] = await sql`select content_hash from toolsift_catalogs where namespace = ${namespace}`;
  if (kept?.content_hash === contentHash) return;
  await sql`insert into toolsift_namespaces (namespace) values (${namespace}) on conflict do nothing`;
  // JSON, not JSONB: kept as written, and JSONB refuses the \u0000 escape a description may hold.
  await sql`
    insert into toolsift_catalogs (namespace, tools, tool_count, content_hash, updated_at)
    values (${namespace}, ${JSON.stringify(tools)}::json, ${tools.length}, ${contentHash}, now())
    on conflict (namespace) do update
    set tools = excluded.tools, tool_count = excluded.tool_count, content_hash = excluded.content_hash,
        updated_at = excluded.updated_at`;
}
