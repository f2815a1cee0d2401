import { createRequire } from 'node:module';
import type * as SmolToml from 'smol-toml';
import type * as Yaml from 'yaml';

// The YAML and TOML libraries load on the first file that needs them: a catalog of JSON files, or one read back
// from the catalog memo, needs neither, and importing them cost ~45 ms of every start (importing the CLI: 206-251
// -> 161-177 ms). `require` loads them synchronously, where the parsers need them.
const load = createRequire(import.meta.url);
let yaml: typeof Yaml | undefined;
let toml: typeof SmolToml | undefined;

/** The `yaml` library, loaded on first use. */
export function yamlLibrary(): typeof Yaml {
  yaml ??= load('yaml') as typeof Yaml;
  return yaml;
}

/** The `smol-toml` library, loaded on first use. */
export function tomlLibrary(): typeof SmolToml {
  toml ??= load('smol-toml') as typeof SmolToml;
  return toml;
}
