import { describe, expect, it } from 'vitest';
import { buildLexicalDocument } from '../../src/views/build-lexical-document.js';
import { buildToolViews } from '../../src/views/build-tool-views.js';
import { extensionLabels } from '../../src/views/extension-labels.js';
import { makeTool } from '../fixtures/make-tool.js';

describe('extensionLabels', () => {
  const gorilla = makeTool({
    id: 'huggingface:dmis-lab/biobert-v1.1',
    description: 'BioBERT is a pre-trained biomedical language representation model.',
    extensions: {
      openai: {
        domain: 'Natural Language Processing Feature Extraction',
        functionality: 'Feature Extraction',
        api_call: "AutoModel.from_pretrained('dmis-lab/biobert-v1.1')",
        operationId: 'GET_movie-movie_id-keywords',
        link: 'https://example.com/docs',
        auth: 'apiKey',
        api_key: 'plain words but a credential key',
        token: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD',
        description_for_model: 'A long text for the model. '.repeat(10),
        api_arguments: 'N/A',
        retries: 3,
      },
    },
  });

  it('keeps short descriptive strings and drops ids, links, code, prose and credentials', () => {
    expect(extensionLabels(gorilla)).toEqual([
      'Natural Language Processing Feature Extraction',
      'Feature Extraction',
    ]);
  });

  it('feeds the keywords view and the lexical keywords field', () => {
    const keywords = buildToolViews(gorilla).find((view) => view.kind === 'keywords');
    expect(keywords?.text).toBe('Natural Language Processing Feature Extraction, Feature Extraction');
    expect(buildLexicalDocument(gorilla).fields.keywords).toContain('Feature Extraction');
  });

  it('is empty for a tool without extensions', () => {
    expect(extensionLabels(makeTool({ id: 'plain', description: 'Does one thing.' }))).toEqual([]);
  });
});
