import { describe, expect, it } from 'vitest';
import { extensionInfoLoader } from '../../../src/loaders/formats/extension-info.js';
import { parseTestDocument } from './document.js';
import { loadFixture, loadText, toolById } from './load-fixture.js';

describe('extensionInfoLoader', () => {
  const maps = loadFixture(extensionInfoLoader, 'extension-info/maps.info.json');
  const showMap = toolById(maps, 'citymaps.showMapAtAddress');

  it('namespaces each tool of the map: the id is ns + "." + tool key, the name is the key', () => {
    expect(maps.diagnostics).toEqual([]);
    expect(maps.tools.map((tool) => [tool.id, tool.name, tool.title])).toEqual([
      ['citymaps.showMapAtAddress', 'showMapAtAddress', 'Show Map at Address'],
      ['citymaps.helloWorld', 'helloWorld', 'Hello World'],
    ]);
    expect(showMap).toMatchObject({
      description: 'Shows an interactive map centred on an address.',
      source: {
        format: 'extension-info',
        file: 'extension-info/maps.info.json',
        pointer: '/tools/showMapAtAddress',
      },
    });
    expect(toolById(maps, 'citymaps.helloWorld')).toMatchObject({
      description: '',
      parameters: { type: 'object', properties: {} },
    });
  });

  it('turns examples into prompts', () => {
    expect(showMap.examples).toEqual([
      { prompt: 'Show map of Lisbon' },
      { prompt: 'Show map of Oslo at zoom 14' },
      { prompt: 'map of Quito with the transit layer' },
    ]);
  });

  it('builds parameters from schema.fields: nullable types are optional, tag entries become an enum', () => {
    expect(showMap.parameters).toEqual({
      type: 'object',
      properties: {
        address: { type: 'string', description: 'the address to centre the map on' },
        zoom: { type: 'integer', description: 'zoom level from 0 to 19, default 12', default: 12 },
        layer: {
          type: ['string', 'null'],
          description: 'map layer to show',
          default: null,
          enum: ['streets', 'transit', 'terrain', null],
        },
        travelDate: { type: 'string', format: 'date' },
      },
      required: ['address', 'zoom', 'travelDate'],
    });
  });

  it('keeps ns, the extension fields, ui and contextActions under the extension', () => {
    expect(showMap.extensions['extension-info']).toEqual({
      ns: 'citymaps',
      extension: {
        title: 'City Maps',
        description: 'Maps, places and travel times',
        tagValues: {
          Layer: {
            id: 'Layer',
            name: 'Layer',
            description: 'map layers',
            entries: [
              ['streets', 'Streets'],
              ['transit', 'Transit'],
              ['terrain', 'Terrain'],
            ],
          },
        },
        handlers: ['Layer::search_handler'],
      },
      ui: {
        prefix: 'Show Map',
        suffix: 'now',
        args: {
          address: { prefix: 'Of', suffix: 'centre' },
          zoom: 'At Zoom Level',
          layer: { prefix: 'with layer', dtypeName: 'Layer' },
          travelDate: { prefix: 'on' },
        },
        manualUpdate: false,
      },
      contextActions: [{ target: { name: 'Layer' }, handler: 'ContextActionHandler::layer' }],
    });
  });

  it('loads an extension with an empty tools map as no tools', () => {
    const loaded = loadFixture(extensionInfoLoader, 'extension-info/empty.info.json');
    expect(loaded).toMatchObject({ tools: [], diagnostics: [] });
  });

  it('skips every tool when ns is missing, with an error', () => {
    const loaded = loadText(
      extensionInfoLoader,
      'x.info.json',
      '{"title": "T", "tools": {"a": {"title": "A"}}}',
    );
    expect(loaded.tools).toEqual([]);
    expect(loaded.diagnostics).toMatchObject([
      {
        code: 'METADATA_INVALID',
        severity: 'error',
        pointer: '',
        message: 'Extension info needs an "ns" (a string namespace); its tools are skipped.',
      },
    ]);
  });

  it('reports wrong types inside one tool and still loads the others', () => {
    const text = JSON.stringify({
      ns: 'n',
      tools: { 'a/b': 5, good: { title: 'Good', examples: 'not a list', schema: { fields: { x: 7 } } } },
    });
    const loaded = loadText(extensionInfoLoader, 'n.info.json', text);
    expect(loaded.diagnostics.map(({ pointer, message }) => ({ pointer, message }))).toEqual([
      { pointer: '/tools/a~1b', message: 'Expected an object at /tools/a~1b, found number 5.' },
      {
        pointer: '/tools/good/schema/fields/x',
        message: 'Expected a parameter object at /tools/good/schema/fields/x, found number 7.',
      },
      {
        pointer: '/tools/good/examples',
        message: 'Expected a list at /tools/good/examples, found string "not a list".',
      },
    ]);
    expect(loaded.tools.map((tool) => tool.id)).toEqual(['n.good']);
  });

  it.each([
    ['ns + tools map', 'x.info.json', { ns: 'a', tools: {} }, 1],
    ['ns + tools map, no hint', 'x.json', { ns: 'a', tools: {} }, 0.95],
    ['a tools map without ns', 'x.json', { tools: { a: { ui: {}, examples: [] } } }, 0.6],
    ['an MCP tools list', 'x.json', { tools: [] }, 0],
  ])('detects %s', (_label, file, data, confidence) => {
    expect(extensionInfoLoader.detect(parseTestDocument(file, JSON.stringify(data)))).toBeCloseTo(confidence);
  });
});
