import type { Prerequisite } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import { toObjectSchema } from '../../schema/object-schema.js';
import type { FormatLoader, LoadedTool } from '../types.js';
import { createFieldReader, type FieldReader } from './field-reader.js';
import { baseName, fileStem, parentFolderName } from './file-names.js';
import { countMarkers, hasMatimoMarkers, SHINKAI_MARKERS } from './format-markers.js';
import { optional } from './optional.js';
import { extensionsFor, restOf } from './rest-of.js';

/**
 * Shinkai tool metadata (JSON): `name` is a human title; the id is `id`, else the folder of a
 * `metadata.json`, else the file stem. `configurations`, `oauth`, `sqlTables`/`sql_tables`, `runner`... are
 * kept under `extensions.shinkai` (oauth holds secrets: kept, redacted later); required configurations,
 * oauth and `operating_system` also become prerequisites, and `tools` router keys become `dependsOn`.
 */
export const shinkaiLoader: FormatLoader = {
  format: 'shinkai',
  detect(document) {
    const data = document.data;
    if (!isRecord(data) || document.syntax === 'toml' || document.syntax === 'jsonl') return 0;
    if (hasMatimoMarkers(data) || data.type === 'provider' || data.ns !== undefined) return 0;
    const hint = baseName(document.file) === 'metadata.json' ? 0.05 : 0;
    const hasRouterKeys =
      Array.isArray(data.tools) && data.tools.some((key) => typeof key === 'string' && key.includes(':::'));
    const markers = countMarkers(data, SHINKAI_MARKERS) + (hasRouterKeys ? 1 : 0);
    if (markers > 0) return Math.min(0.95, 0.8 + 0.05 * markers) + hint;
    if (typeof data.name === 'string' && isRecord(data.result) && isRecord(data.parameters))
      return 0.85 + hint;
    return 0;
  },
  load(document, context) {
    const read = createFieldReader({ document, context, format: 'shinkai' });
    const data = read.record(document.data, '');
    if (data === undefined) return [];
    const name = read.required(data.name, {
      pointer: '',
      field: 'name',
      message: 'Shinkai metadata needs a "name" (a string); the tool is skipped.',
    });
    if (name === undefined) return [];
    const id = read.string(data.id, '/id') || idFromFile(document.file);
    const parameters = toObjectSchema(data.parameters);
    read.schemaProblems(parameters.problems, '/parameters');
    const result = read.schema(data.result, '/result');
    const homepageKey = data.homepage !== undefined ? 'homepage' : 'homePage';
    const tool: LoadedTool = {
      id,
      name,
      title: name,
      description: read.string(data.description, '/description')?.trim() ?? '',
      source: read.source(''),
      ...optional('version', read.text(data.version, '/version')),
      ...optional('author', read.string(data.author, '/author')),
      ...optional('homepage', read.string(data[homepageKey], `/${homepageKey}`)),
      ...optional('license', read.string(data.license, '/license')),
      keywords: read.strings(data.keywords, '/keywords') ?? [],
      parameters: parameters.schema,
      ...optional('result', result),
      dependsOn: read.strings(data.tools, '/tools') ?? [],
      prerequisites: prerequisitesOf(data, name, read),
      ...extensionsFor('shinkai', restOf(data, CONSUMED)),
    };
    return [tool];
  },
};

// --- internal ---

/** Keys mapped onto Tool fields; every other key is kept under `extensions.shinkai`. */
const CONSUMED = [
  ...['id', 'name', 'description', 'version', 'author', 'homepage', 'homePage', 'license'],
  ...['keywords', 'parameters', 'result', 'tools'],
];

const OPERATING_SYSTEMS: Readonly<Record<string, string>> = {
  macos: 'darwin',
  mac: 'darwin',
  osx: 'darwin',
  darwin: 'darwin',
  windows: 'win32',
  win: 'win32',
  win32: 'win32',
  linux: 'linux',
};

function idFromFile(file: string): string {
  if (baseName(file) === 'metadata.json') return parentFolderName(file) ?? 'metadata';
  return fileStem(file);
}

function prerequisitesOf(data: Record<string, unknown>, name: string, read: FieldReader): Prerequisite[] {
  const prerequisites: Prerequisite[] = [];
  const configurations = data.configurations;
  if (isRecord(configurations)) {
    const configKeys = read.strings(configurations.required, '/configurations/required') ?? [];
    if (configKeys.length > 0) {
      const properties = isRecord(configurations.properties) ? configurations.properties : {};
      const described = configKeys.map((key) => {
        const property = properties[key];
        const description =
          isRecord(property) && typeof property.description === 'string' ? property.description : '';
        return description === '' ? key : `${key} (${description})`;
      });
      prerequisites.push({
        name: `${name} configuration`,
        envVars: [],
        configKeys,
        requiredFor: [],
        howToGet: `Provide the tool configuration: ${described.join('; ')}.`,
      });
    }
  } else if (configurations !== undefined && configurations !== null && !Array.isArray(configurations)) {
    read.invalid('/configurations', 'an object (or an empty list)', configurations);
  }
  const oauth = data.oauth;
  const grants = Array.isArray(oauth) ? oauth : isRecord(oauth) ? [oauth] : [];
  if (oauth !== undefined && oauth !== null && !Array.isArray(oauth) && !isRecord(oauth)) {
    read.invalid('/oauth', 'a list of OAuth objects (or null)', oauth);
  }
  for (const grant of grants) {
    if (!isRecord(grant)) continue;
    const provider = typeof grant.name === 'string' && grant.name !== '' ? grant.name : undefined;
    const label = provider ?? (typeof grant.authorizationUrl === 'string' ? grant.authorizationUrl : 'oauth');
    prerequisites.push({
      name: `OAuth: ${label}`,
      envVars: [],
      configKeys: [],
      requiredFor: [],
      oauth: label,
      howToGet: `Authorize ${label} through OAuth${typeof grant.version === 'string' ? ` ${grant.version}` : ''}.`,
    });
  }
  const systems = read.strings(data.operating_system, '/operating_system') ?? [];
  if (systems.length > 0) {
    const operatingSystems = [
      ...new Set(systems.map((system) => OPERATING_SYSTEMS[system.trim().toLowerCase()] ?? system)),
    ];
    prerequisites.push({
      name: 'Operating system',
      envVars: [],
      configKeys: [],
      requiredFor: [],
      operatingSystems,
      howToGet: `Run on ${systems.join(', ')}.`,
    });
  }
  return prerequisites;
}
