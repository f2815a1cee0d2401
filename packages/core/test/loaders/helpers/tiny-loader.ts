import type { FormatLoader, LoadedTool, ParsedDocument } from '@toolsift/core';

/**
 * A minimal loader for machinery tests: `{"tiny": [{name, description?, ...}]}` documents, each item a
 * tool. An item with `"report": "..."` reports that text as a warning at its pointer.
 */
export const tinyLoader: FormatLoader = {
  format: 'openai',
  detect: (document: ParsedDocument) =>
    typeof document.data === 'object' && document.data !== null && 'tiny' in document.data ? 0.9 : 0,
  load(document, context) {
    const items = (document.data as { tiny: unknown }).tiny;
    if (!Array.isArray(items)) return [];
    return items.map((item: Record<string, unknown>, index) => {
      const pointer = `/tiny/${index}`;
      if (typeof item.report === 'string') {
        context.report({ code: 'NOT_A_TOOL', severity: 'warning', pointer, message: item.report });
      }
      const { report: _report, ...rest } = item;
      return {
        id: String(item.name),
        description: '',
        parameters: { type: 'object', properties: {} },
        ...rest,
        source: { format: 'openai', file: document.file, pointer },
      } as unknown as LoadedTool;
    });
  },
};
