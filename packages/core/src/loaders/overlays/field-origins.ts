import type { Tool } from '@toolsift/core';

/** Where a field an overlay set came from: the overlay file, the tool's entry in it, and whether it may be stale. */
export interface OverlayOrigin {
  overlay: string;
  pointer: string;
  isStale: boolean;
}

/**
 * Where each field that an overlay set came from (the last overlay that set it); other fields are the file's
 * (`tool.source`). `toolsift inspect --json` prints it as `origins`; the `ui` page shows it beside each field.
 */
export function fieldOrigins(tool: Tool): Record<string, OverlayOrigin> {
  const origins: Record<string, OverlayOrigin> = {};
  for (const overlay of tool.overlays ?? []) {
    for (const field of overlay.fields) {
      origins[field] = { overlay: overlay.file, pointer: overlay.pointer, isStale: overlay.isStale === true };
    }
  }
  return origins;
}
