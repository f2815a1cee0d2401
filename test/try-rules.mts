import { createSelector, createEmbedder } from '@toolsift/selector';
const selector = await createSelector({ catalog: 'metadata', embedder: await createEmbedder('use-lite'), indexDir: false });
const env = { SMTP_HOST: 'x', SMTP_PORT: '1', SMTP_USERNAME: 'u', SMTP_PASSWORD: 'p', GMAIL_ACCESS_TOKEN: 't', OPENWEATHER_API_KEY: 'k', BRAVE_SEARCH_API_KEY: 'k', DATABASE_URL: 'd', AGENT_SHELL_ALLOWED: '1', GITHUB_TOKEN: 'g' };
for (const prompt of process.argv.slice(2)) {
  const s = await selector.select(prompt, { env, k: 5 });
  console.log('##', prompt);
  for (const t of s.tools) console.log('  ', t.id, t.score, t.confidence, t.reasons.filter(r => !['dense','lexical','fusion','exact-name'].includes(r.kind)).map(r => r.kind + ': ' + r.message).join(' || '));
  for (const t of s.unavailable) console.log('  UNAVAIL', t.id, JSON.stringify(t.missing));
  console.log('  warn', s.warnings.map(w => w.code + ' ' + w.message).join('\n   '), 'sugg', s.suggestions.map(x => x.id).join(','), s.abstention?.message ?? '', JSON.stringify(s.timings));
}
