import type { Prerequisite } from '../../model/tool.js';
import { isRecord } from '../../schema/is-record.js';
import type { FieldReader } from './field-reader.js';

/**
 * What a Matimo definition needs before it can run. Env vars come from `authentication.secret_env_var`,
 * `execution.auth.secret_env_var`, `username_env`/`password_env`, `notes.env` (in authentication or at the
 * top), and UPPER_SNAKE `{PLACEHOLDERS}` in the execution url/headers/query that are not parameters
 * (Matimo fills those from the environment). `oauth2` with a `provider` is an OAuth grant. Nothing is
 * required when `authentication.notes.optional` says authentication is optional.
 */
export function matimoPrerequisites(data: Record<string, unknown>, read: FieldReader): Prerequisite[] {
  const authentication = read.record(data.authentication, '/authentication') ?? {};
  const execution = isRecord(data.execution) ? data.execution : {};
  const executionAuth = isRecord(execution.auth) ? execution.auth : {};
  const authNotes = isRecord(authentication.notes) ? authentication.notes : {};
  const notes = isRecord(data.notes) ? data.notes : {};
  if (authNotes.optional !== undefined && authNotes.optional !== false) return [];
  const parameterNames = new Set(isRecord(data.parameters) ? Object.keys(data.parameters) : []);
  const envVars = [
    ...new Set([
      ...envNames(authentication.secret_env_var),
      ...envNames(executionAuth.secret_env_var),
      ...envNames(authentication.username_env),
      ...envNames(authentication.password_env),
      ...envNames(authNotes.env),
      ...envNames(notes.env),
      ...placeholders([execution.url, execution.headers, execution.query_params]).filter(
        (name) => !parameterNames.has(name),
      ),
    ]),
  ];
  const kind = typeof authentication.type === 'string' ? authentication.type : executionAuth.type;
  const provider = typeof authentication.provider === 'string' ? authentication.provider : undefined;
  const scopes = Array.isArray(authentication.scopes)
    ? authentication.scopes.filter((scope) => typeof scope === 'string')
    : [];
  if (kind === 'oauth2' && provider !== undefined) {
    return [
      {
        name: `${provider} OAuth`,
        oauth: provider,
        envVars,
        configKeys: [],
        requiredFor: [],
        howToGet: `Authorize ${provider} through OAuth 2${scopes.length > 0 ? ` with scopes ${scopes.join(', ')}` : ''}.`,
      },
    ];
  }
  if (envVars.length === 0) return [];
  const details = [authNotes.permission, authNotes.scope, notes.scopes].filter(
    (detail) => typeof detail === 'string',
  );
  const setupDocs = typeof notes.setup_docs === 'string' ? ` See ${notes.setup_docs}.` : '';
  return [
    {
      name: typeof kind === 'string' ? `${kind} credentials` : 'credentials',
      envVars,
      configKeys: [],
      requiredFor: [],
      howToGet: `Set ${envVars.join(', ')} in the environment${details.length > 0 ? ` (${details.join('; ')})` : ''}.${setupDocs}`,
    },
  ];
}

// --- internal ---

function envNames(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value))
    return value.filter((name): name is string => typeof name === 'string' && name !== '');
  return [];
}

/** `{UPPER_SNAKE}` placeholders in strings, at any depth of the given values. */
function placeholders(values: unknown[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(/\{([A-Z][A-Z0-9_]*)\}/g))
        if (match[1] !== undefined) found.push(match[1]);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (isRecord(value)) {
      Object.values(value).forEach(visit);
    }
  };
  values.forEach(visit);
  return found;
}
