/**
 * The store's schema, as the migrations that make it: migration N takes a database at version N - 1 to N, and runs
 * once (`migrateStore`). Append, never edit one that shipped. docs/store.md describes every table.
 */
export const STORE_MIGRATIONS: readonly string[] = [
  // 1: embeddings shared by every namespace; per namespace, its learned prompts and its catalog.
  `
  create table toolsift_embeddings (
    embedder_id text not null,
    text_hash bytea not null check (length(text_hash) = 32),
    vector bytea not null,
    created_at timestamptz not null default now(),
    primary key (embedder_id, text_hash)
  );
  create table toolsift_namespaces (
    namespace text primary key,
    revision bigint not null default 0,
    call_bound double precision,
    updated_at timestamptz not null default now()
  );
  create table toolsift_catalogs (
    namespace text primary key references toolsift_namespaces (namespace) on delete cascade,
    tools json not null,
    tool_count integer not null,
    content_hash text not null,
    updated_at timestamptz not null default now()
  );
  create table toolsift_learned (
    id bigint generated always as identity primary key,
    namespace text not null references toolsift_namespaces (namespace) on delete cascade,
    tool_id text not null,
    prompt text not null,
    source text not null check (source in ('labelled', 'call')),
    learned_at timestamptz not null default now()
  );
  create unique index toolsift_learned_prompt on toolsift_learned (namespace, tool_id, md5(prompt));
  `,
  // 2: per namespace and embedder, the built index (as an index folder holds it) in parts, so that a process starts
  // without building its vector and lexical indexes (index-snapshot.ts).
  `
  create table toolsift_index_snapshots (
    namespace text not null references toolsift_namespaces (namespace) on delete cascade,
    embedder_id text not null,
    generation text not null,
    catalog_hash text not null,
    revision bigint not null,
    files text not null,
    total_bytes bigint not null,
    updated_at timestamptz not null default now(),
    primary key (namespace, embedder_id)
  );
  create table toolsift_index_parts (
    namespace text not null references toolsift_namespaces (namespace) on delete cascade,
    embedder_id text not null,
    generation text not null,
    part integer not null,
    bytes bytea not null,
    created_at timestamptz not null default now(),
    primary key (namespace, embedder_id, generation, part)
  );
  `,
];
