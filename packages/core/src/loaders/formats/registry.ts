import type { FormatLoader } from '../types.js';
import { extensionInfoLoader } from './extension-info.js';
import { matimoLoader } from './matimo.js';
import { mcpLoader } from './mcp.js';
import { openAiLoader } from './openai.js';
import { paularlottLoader } from './paularlott.js';
import { selfDescribingLoader } from './self-describing.js';
import { shinkaiLoader } from './shinkai.js';

/** Every built-in format loader, one per format; detection picks among them by content. */
export const formatLoaders: readonly FormatLoader[] = Object.freeze([
  shinkaiLoader,
  matimoLoader,
  paularlottLoader,
  selfDescribingLoader,
  extensionInfoLoader,
  mcpLoader,
  openAiLoader,
]);
