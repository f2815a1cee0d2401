import { describe, expect, test } from 'vitest';
import { loadCatalog } from '../../../src/loaders/load-catalog.js';
import { descriptionHash } from '../../../src/loaders/overlays/description-hash.js';
import { useTempDirs, writeFiles } from '../helpers/temp-dir.js';

const makeTempDir = useTempDirs();

// An MCP tools/list saved with the initialize result of its server, as `toolsift validate` users dump it.
const NOTES_LIST = JSON.stringify({
  serverInfo: { name: 'notes-server', version: '1.0.0' },
  tools: [
    { name: 'add_note', description: 'Create a note.', inputSchema: { type: 'object' } },
    { name: 'find_notes', description: 'Search notes by text.', inputSchema: { type: 'object' } },
  ],
});

const OVERLAY = `toolsift_overlay: 1
server:
  names: [notes-server]
  description: Keeps the user's notes.
tools:
  add_note:
    description_hash: ${descriptionHash('Create a note.')}
    keywords: [jot down, remember]
    use_cases:
      - title: Jot something down
        when_to_use: The user wants to keep a short text for later.
        not_for: Looking a note up (find_notes).
    examples:
      - jot down that the gate code is 4312
      - prompt: keep this recipe
        name: recipe
  find_notes:
    description_hash: abcdefabcdef
    examples: [what did I note about the gate?]
  delete_note:
    examples: [throw away my gate note]
`;

describe('overlays in a catalog', () => {
  test('an overlay among the catalog files adds its fields to the tools of its server, and says where they came from', async () => {
    const root = await makeTempDir();
    await writeFiles(root, { 'notes.json': NOTES_LIST, 'notes.overlay.yaml': OVERLAY });
    const { tools, diagnostics, files } = await loadCatalog(['.'], { cwd: root });
    expect(files).toBe(2);
    const add = tools.find((tool) => tool.id === 'add_note');
    expect(add).toMatchObject({
      server: { name: 'notes-server', description: "Keeps the user's notes." },
      keywords: ['jot down', 'remember'],
      useCases: [
        {
          title: 'Jot something down',
          whenToUse: 'The user wants to keep a short text for later.',
          notFor: 'Looking a note up (find_notes).',
        },
      ],
      examples: [
        { prompt: 'jot down that the gate code is 4312' },
        { prompt: 'keep this recipe', name: 'recipe' },
      ],
      overlays: [
        {
          file: 'notes.overlay.yaml',
          pointer: '/tools/add_note',
          fields: ['keywords', 'useCases', 'examples', 'server'],
        },
      ],
    });
    expect(add?.overlays?.[0]?.isStale).toBeUndefined();
    // The description it was written for is not find_notes' description: still applied, flagged stale.
    const find = tools.find((tool) => tool.id === 'find_notes');
    expect(find?.examples).toEqual([{ prompt: 'what did I note about the gate?' }]);
    expect(find?.overlays?.[0]).toMatchObject({ isStale: true });
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity, diagnostic.line])).toEqual([
      ['OVERLAY_STALE', 'info', 18],
      ['OVERLAY_UNMATCHED', 'warning', 21],
    ]);
    expect(diagnostics[1]?.message).toBe(
      'Overlay entry "delete_note" matches no tool of server "notes-server" in the catalog: check the tool name and the server names.',
    );
  });

  test('an overlay naming a server leaves the same tool name of another server alone', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'notes.json': NOTES_LIST.replace('notes-server', 'other-server'),
      'overlay.yaml': OVERLAY,
    });
    const { tools, diagnostics } = await loadCatalog(['.'], { cwd: root });
    expect(tools.every((tool) => tool.overlays === undefined && tool.keywords.length === 0)).toBe(true);
    expect(diagnostics.filter((diagnostic) => diagnostic.code === 'OVERLAY_UNMATCHED')).toHaveLength(3);
  });

  test('an overlay with no server matches tools by name or id, and overlays given apart apply after those found', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'tools/notes.json': NOTES_LIST,
      'tools/a.yaml': 'toolsift_overlay: 1\ntools:\n  add_note:\n    category: first\n    tags: [a]\n',
      'extra/b.yaml': 'toolsift_overlay: 1\ntools:\n  add_note:\n    category: second\n    tags: [a, b]\n',
    });
    const { tools, diagnostics } = await loadCatalog(['tools'], { cwd: root, overlays: ['extra'] });
    expect(diagnostics).toEqual([]);
    expect(tools.find((tool) => tool.id === 'add_note')).toMatchObject({
      category: 'second',
      tags: ['a', 'b'],
      overlays: [
        { file: 'tools/a.yaml', fields: ['tags', 'category'] },
        { file: 'extra/b.yaml', fields: ['tags', 'category'] },
      ],
    });
  });

  test('a wrong type or an unknown key is reported where it is, and the rest of the overlay applies', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'notes.json': NOTES_LIST,
      'overlay.yaml':
        'toolsift_overlay: 1\ntools:\n  add_note:\n    use_case:\n      - title: typo\n    keywords: jot\n    risk: extreme\n',
    });
    const { tools, diagnostics } = await loadCatalog(['.'], { cwd: root });
    expect(tools.find((tool) => tool.id === 'add_note')?.keywords).toEqual(['jot']);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.line, diagnostic.message])).toEqual([
      [
        'METADATA_INVALID',
        5,
        expect.stringContaining(
          'Unknown overlay key "use_case" (it is ignored). Known keys here: description_hash',
        ),
      ],
      [
        'METADATA_INVALID',
        7,
        'Expected one of low, medium, high, critical at /tools/add_note/risk, found string "extreme".',
      ],
    ]);
  });

  test('an overlay of an unknown version is not applied, and a tool file given as an overlay is an error', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'notes.json': NOTES_LIST,
      'v9.yaml': 'toolsift_overlay: 9\ntools: {}\n',
    });
    const { diagnostics } = await loadCatalog(['notes.json', 'v9.yaml'], {
      cwd: root,
      overlays: ['notes.json'],
    });
    expect(diagnostics.map((diagnostic) => [diagnostic.file, diagnostic.code, diagnostic.message])).toEqual([
      ['v9.yaml', 'METADATA_INVALID', 'Unknown overlay version 9: expected 1 (the file is not applied).'],
      [
        'notes.json',
        'METADATA_INVALID',
        'Expected an overlay (a file with "toolsift_overlay: 1" and "tools"), found tool metadata: pass tool files as the catalog, not as an overlay.',
      ],
    ]);
  });

  test('shipped overlays apply to the tools of the servers they name, unless turned off', async () => {
    const root = await makeTempDir();
    const memory = JSON.stringify({
      serverInfo: { name: 'memory-server', version: '0.6.3' },
      tools: [
        {
          name: 'search_nodes',
          description: 'Search for nodes in the knowledge graph based on a query',
          inputSchema: { type: 'object' },
        },
      ],
    });
    await writeFiles(root, { 'memory.json': memory });
    const on = await loadCatalog(['.'], { cwd: root });
    expect(on.tools[0]?.overlays?.[0]).toMatchObject({
      file: 'shipped:memory',
      pointer: '/tools/search_nodes',
    });
    expect(on.tools[0]?.overlays?.[0]?.isStale).toBeUndefined();
    expect(on.tools[0]?.examples.length).toBeGreaterThan(0);
    const off = await loadCatalog(['.'], { cwd: root, shippedOverlays: false });
    expect(off.tools[0]?.overlays).toBeUndefined();
    expect(off.tools[0]?.examples).toEqual([]);
  });

  test('a server that cannot be read makes the overlay match nothing, not every server', async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'notes.json': NOTES_LIST,
      'overlay.yaml': 'toolsift_overlay: 1\nserver: 42\ntools:\n  add_note:\n    keywords: [jot]\n',
    });
    const { tools, diagnostics } = await loadCatalog(['.'], { cwd: root });
    expect(tools.every((tool) => tool.keywords.length === 0)).toBe(true);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toContain(
      'Expected a server name, or {names: [...], description} at /server, found number 42.',
    );
  });

  test("an overlay's server description reaches every tool of that server, listed or not", async () => {
    const root = await makeTempDir();
    await writeFiles(root, {
      'notes.json': NOTES_LIST,
      'overlay.yaml':
        'toolsift_overlay: 1\nserver: {names: [notes-server], description: Notes kept for the user.}\ntools:\n  add_note:\n    keywords: [jot]\n',
    });
    const { tools } = await loadCatalog(['.'], { cwd: root });
    expect(tools.map((tool) => tool.server?.description)).toEqual([
      'Notes kept for the user.',
      'Notes kept for the user.',
    ]);
    expect(tools.find((tool) => tool.id === 'add_note')?.overlays?.[0]?.fields).toEqual([
      'keywords',
      'server',
    ]);
  });
});
