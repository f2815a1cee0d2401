import type { Prerequisite, Tool } from '@toolsift/core';
import type { MissingPrerequisite } from '../ranking/selection-reason.js';

/** Where a tool would run: environment variable names present, configuration, OAuth grants, OS. */
export interface RunEnvironment {
  env: Readonly<Record<string, string | undefined>>;
  config?: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
  oauth?: readonly string[] | undefined;
  platform: string;
}

/** One requirement that does not hold; `name` is a variable, key, provider or OS name, never a value. */
export type MissingRequirement = MissingPrerequisite;

/** Whether a tool can run here and, when not, what is missing and how to get it. */
export interface Availability {
  isAvailable: boolean;
  missing: MissingRequirement[];
  howToGet: string[];
  /** Declared fallbacks (tool references or prose), in declaration order. */
  fallback: string[];
}

/**
 * Check a tool's prerequisites against an environment. Environment variables are checked for presence
 * only (their values are never read out). A prerequisite `requiredFor` some providers applies only when the
 * tool's declared `backend` (or, without one, every declared provider) is among them.
 */
export function checkPrerequisites(tool: Tool, environment: RunEnvironment): Availability {
  const missing: MissingRequirement[] = [];
  const howToGet: string[] = [];
  const fallback: string[] = [];
  // Providers are looked up only for a prerequisite limited to some (most tools declare none).
  let providers: string[] | undefined;
  for (const prerequisite of tool.prerequisites) {
    if (prerequisite.requiredFor.length > 0) providers ??= activeProviders(tool);
    if (providers !== undefined && !applies(prerequisite, providers)) continue;
    const before = missing.length;
    for (const name of prerequisite.envVars) {
      if (!isPresent(environment.env[name]))
        missing.push({ kind: 'env', name, prerequisite: prerequisite.name });
    }
    const values = environment.config?.[tool.id] ?? environment.config?.[tool.name];
    for (const name of prerequisite.configKeys) {
      if (!isPresent(values?.[name])) missing.push({ kind: 'config', name, prerequisite: prerequisite.name });
    }
    if (prerequisite.oauth !== undefined && !isGranted(prerequisite.oauth, environment.oauth)) {
      missing.push({ kind: 'oauth', name: prerequisite.oauth, prerequisite: prerequisite.name });
    }
    const systems = prerequisite.operatingSystems;
    if (
      systems !== undefined &&
      systems.length > 0 &&
      !systems.some((os) => normalizePlatform(os) === normalizePlatform(environment.platform))
    ) {
      missing.push({ kind: 'os', name: systems.join(', '), prerequisite: prerequisite.name });
    }
    if (missing.length > before) {
      if (prerequisite.howToGet !== undefined) howToGet.push(prerequisite.howToGet);
      if (prerequisite.fallback !== undefined) fallback.push(prerequisite.fallback);
    }
  }
  return { isAvailable: missing.length === 0, missing, howToGet, fallback };
}

/** A readable list of what is missing: `env SMTP_PASSWORD, oauth Google Calendar`. */
export function describeMissing(missing: readonly MissingRequirement[]): string {
  return missing
    .map((item) => (item.kind === 'os' ? `os one of ${item.name}` : `${item.kind} ${item.name}`))
    .join(', ');
}

// --- internal ---

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function isGranted(provider: string, granted: readonly string[] | undefined): boolean {
  const wanted = provider.trim().toLowerCase();
  return (granted ?? []).some((name) => name.trim().toLowerCase() === wanted);
}

function applies(prerequisite: Prerequisite, providers: readonly string[]): boolean {
  if (prerequisite.requiredFor.length === 0 || providers.length === 0) return true;
  const required = new Set(prerequisite.requiredFor.map((name) => name.toLowerCase()));
  return providers.every((provider) => required.has(provider.toLowerCase()));
}

/** The backend a tool declares (any format's extension `backend`), else all its declared `providers`. */
function activeProviders(tool: Tool): string[] {
  for (const extension of Object.values(tool.extensions)) {
    if (typeof extension.backend === 'string') return [extension.backend];
  }
  for (const extension of Object.values(tool.extensions)) {
    if (Array.isArray(extension.providers))
      return extension.providers.filter((item): item is string => typeof item === 'string');
  }
  return [];
}

function normalizePlatform(name: string): string {
  const lower = name.trim().toLowerCase();
  return PLATFORM_ALIASES[lower] ?? lower;
}

const PLATFORM_ALIASES: Record<string, string> = {
  macos: 'darwin',
  mac: 'darwin',
  osx: 'darwin',
  windows: 'win32',
  win: 'win32',
};
