/**
 * The overlay options every command that reads a catalog (and the gateway) shares: overlay files of the user's, and
 * the switch for the overlays toolsift ships for well-known MCP servers.
 */
export const OVERLAY_ARGS = {
  overlay: {
    type: 'string',
    valueHint: 'PATH',
    description:
      'Overlay file or folder (a folder holds any number): toolsift metadata (use cases, examples, keywords...) for tools written elsewhere',
  },
  'shipped-overlays': {
    type: 'boolean',
    default: true,
    description:
      'Apply the overlays toolsift ships for well-known MCP servers (--no-shipped-overlays: do not)',
  },
} as const;

/** The `--overlay` value as a list (none or one: the parser keeps the last of a repeated option; a folder holds many). */
export function overlayPaths(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((entry): entry is string => typeof entry === 'string' && entry !== '');
}
