import { createHash } from 'node:crypto';
import type { Tool } from '@toolsift/core';

/** Short content hash of a text (sha256, 16 hex chars): the identity of a view's embedding. */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Content hash of a tool's metadata, ignoring where it was read from (`source`). */
export function hashTool(tool: Tool): string {
  const { source: _source, ...content } = tool;
  return hashText(JSON.stringify(content));
}
