/** The last path segment: `a/b/web_search.yaml` -> `web_search.yaml` (either slash). */
export function baseName(file: string): string {
  const segments = file.split(/[\\/]/).filter((segment) => segment !== '');
  return segments.at(-1) ?? '';
}

/** The file name without its last extension: `a/create_space.toml` -> `create_space`. */
export function fileStem(file: string): string {
  const base = baseName(file);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The name of the folder holding the file: `tools/download-pages/metadata.json` -> `download-pages`. */
export function parentFolderName(file: string): string | undefined {
  const segments = file.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.');
  return segments.length >= 2 ? segments.at(-2) : undefined;
}
