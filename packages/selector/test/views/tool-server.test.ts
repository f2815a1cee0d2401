import type { ToolServer } from '@toolsift/core';
import { describe, expect, it } from 'vitest';
import { buildLexicalDocument } from '../../src/views/build-lexical-document.js';
import { buildToolViews } from '../../src/views/build-tool-views.js';
import {
  nameWithinServer,
  serverNames,
  serverSentences,
  unqualifiedName,
} from '../../src/views/tool-server.js';
import { makeTool } from '../fixtures/make-tool.js';

const notes: ToolServer = {
  name: 'notes',
  aliases: ['acme/notes-server'],
  title: 'Acme Notes',
  description: [
    '# Notes server',
    'Keeps short notes for the user across conversations.',
    '- Call `pin_note` to keep a note at the top of the list.',
    '- Use `archive-note` before deleting anything.',
    'Notes are plain text.',
  ].join('\n'),
};

describe('nameWithinServer', () => {
  it.each([
    { name: 'notes__pin_note', server: notes, expected: 'pin_note' },
    // An alias, as the gateway writes it into a name (`/` made `_`), and other separators.
    { name: 'acme_notes-server__pin_note', server: notes, expected: 'pin_note' },
    { name: 'notes.pin_note', server: notes, expected: 'pin_note' },
    { name: 'NOTES::pin_note', server: notes, expected: 'pin_note' },
    // Not qualified by the server: as it is.
    { name: 'pin_note', server: notes, expected: 'pin_note' },
    { name: 'notebook__pin_note', server: notes, expected: 'notebook__pin_note' },
    { name: 'notes__', server: notes, expected: 'notes__' },
    { name: 'notes__pin_note', server: undefined, expected: 'notes__pin_note' },
  ])('$name -> $expected', ({ name, server, expected }) => {
    expect(nameWithinServer({ name, server })).toBe(expected);
  });
});

describe('unqualifiedName', () => {
  it.each([
    ['github__create_issue', 'create_issue'],
    ['Cocktails::Search by name', 'Search by name'],
    ['weather.forecast', 'forecast'],
    ['plain', 'plain'],
  ])('%s -> %s', (name, expected) => {
    expect(unqualifiedName(name)).toBe(expected);
  });
});

describe("a tool's server", () => {
  it('goes by its name, aliases and title, each once', () => {
    expect(serverNames({ server: { ...notes, aliases: ['acme/notes-server', 'Notes'] } })).toEqual([
      'notes',
      'acme/notes-server',
      'Acme Notes',
    ]);
    expect(serverNames({ server: undefined })).toEqual([]);
  });

  it("splits the server's instructions into what they say of the tool and of the server", () => {
    expect(serverSentences({ name: 'notes__pin_note', server: notes })).toEqual({
      own: ['Call `pin_note` to keep a note at the top of the list.'],
      general: ['Keeps short notes for the user across conversations.', 'Notes are plain text.'],
    });
    expect(serverSentences({ name: 'notes__archive-note', server: notes }).own).toEqual([
      'Use `archive-note` before deleting anything.',
    ]);
    expect(serverSentences({ name: 'notes__list_notes', server: { name: 'notes', aliases: [] } })).toEqual({
      own: [],
      general: [],
    });
  });

  it("is indexed: the name without the server's qualifier, the instructions, and a server field", () => {
    const tool = makeTool({
      id: 'notes__pin_note',
      title: 'Pin Note',
      description: 'Pin a note.',
      server: notes,
    });
    const views = buildToolViews(tool);
    expect(views.map((view) => [view.kind, view.text])).toEqual([
      ['description', 'pin note. Pin a note.'],
      ['server', 'Call `pin_note` to keep a note at the top of the list.'],
    ]);
    const { fields } = buildLexicalDocument(tool);
    expect(fields.name).toBe('pin_note pin note');
    expect(fields.usage).toBe('Call `pin_note` to keep a note at the top of the list.');
    expect(fields.server).toBe(
      'notes acme notes server acme notes Keeps short notes for the user across conversations. Notes are plain text.',
    );
  });

  it('changes nothing for a tool without a server', () => {
    const tool = makeTool({ id: 'notes__pin_note', description: 'Pin a note.' });
    expect(buildToolViews(tool).map((view) => view.text)).toEqual(['notes pin note. Pin a note.']);
    expect(buildLexicalDocument(tool).fields).toMatchObject({
      name: 'notes__pin_note notes pin note',
      server: '',
    });
  });
});
