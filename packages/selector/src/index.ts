export type { ToolAction } from './actions/action-words.js';
export type { ToolActionFact } from './actions/tool-action.js';
export type { DoctorOptions } from './doctor/diagnose-catalog.js';
export { diagnoseCatalog, ESTIMATE_TOOLS } from './doctor/diagnose-catalog.js';
export type {
  DoctorDetails,
  DoctorEstimate,
  DoctorFinding,
  DoctorKind,
  DoctorProgress,
  DoctorReport,
  DoctorSeverity,
  DoctorTimings,
  OverlayPlace,
  PromptOutcome,
  ReachDetails,
} from './doctor/doctor-finding.js';
export { DOCTOR_KINDS, DoctorCode } from './doctor/doctor-finding.js';
export type { CachedEmbedderOptions } from './embedding/cached-embedder.js';
export { createCachedEmbedder } from './embedding/cached-embedder.js';
export { cosineSimilarity } from './embedding/cosine-similarity.js';
export type { CreateEmbedderOptions } from './embedding/create-embedder.js';
export { createEmbedder, EMBEDDER_ID_FORMS } from './embedding/create-embedder.js';
export { DEFAULT_EMBEDDER_ID } from './embedding/default-embedder-id.js';
export type { Embedder } from './embedding/embedder.js';
export type { EmbeddingEntries, EmbeddingStore, FileEmbeddingStore } from './embedding/embedding-store.js';
export { createFileEmbeddingStore } from './embedding/embedding-store.js';
export { createHashEmbedder } from './embedding/hash-embedder.js';
export type { UseLiteEmbedderOptions } from './embedding/use-lite-embedder.js';
export { createUseLiteEmbedder } from './embedding/use-lite-embedder.js';
export { ensureUseLiteModel } from './embedding/use-lite-model.js';
export type { BenchQuery } from './eval/bench-query.js';
export { readBenchQueries } from './eval/bench-query.js';
export type { EvalReport, EvalSummary } from './eval/evaluate-selector.js';
export { evaluateSelector } from './eval/evaluate-selector.js';
export { learnedExamplesOf, sampleQueries, splitQueriesById } from './eval/sample-queries.js';
export { createToolNameResolver } from './eval/tool-name-resolver.js';
export type { DefaultIndexDirOptions, IndexPlace } from './index-store/default-index-dir.js';
export { defaultIndexDir } from './index-store/default-index-dir.js';
export type { IndexStatus } from './index-store/index-store.js';
export type { IndexWarning } from './index-store/index-warning.js';
export { IndexWarningCode } from './index-store/index-warning.js';
export type { LearnSource } from './index-store/learned-prompts-file.js';
export type { IndexProgress, IndexUpdateStats } from './index-store/tool-index.js';
export type { LearnWarning } from './learning/learn-warning.js';
export { LearnWarningCode } from './learning/learn-warning.js';
export { DEFAULT_MAX_LEARNED_PER_TOOL } from './learning/learned-bound.js';
export type { ForgetRequest, LearnedEntry, LearnedExample, LearnReport } from './learning/learned-example.js';
export { createLexicalIndex, loadLexicalIndex } from './lexical/create-lexical-index.js';
export type {
  LexicalDocument,
  LexicalHit,
  LexicalIndex,
  LexicalIndexOptions,
} from './lexical/lexical-index.js';
export type { RankingWeightOverrides, RankingWeights } from './ranking/ranking-weights.js';
export { DEFAULT_RANKING_WEIGHTS } from './ranking/ranking-weights.js';
export type { RulePhase } from './ranking/rule-phase.js';
export { RULE_PHASES } from './ranking/rule-phase.js';
export type {
  RankingMethod,
  ScoredTool,
  SelectionContext,
  SelectionReason,
  SelectionStage,
  SelectionWarning,
  SideTool,
} from './ranking/selection-context.js';
export type { CustomReason, ReasonDetails } from './ranking/selection-reason.js';
export { WarningCode } from './ranking/warning-code.js';
export type { MissingRequirement } from './rules/check-prerequisites.js';
export type { SelectedToolExtras } from './rules/create-selection-rules.js';
export type { RerankOptions, RerankReport } from './rules/llm-rerank-options.js';
export type { AbstainPolicy, RuleOptions, RuleWeights } from './rules/rule-options.js';
export { DEFAULT_RULE_WEIGHTS } from './rules/rule-options.js';
export type { AbstentionReport, RuleRun } from './rules/rule-run.js';
export type { RuleField, SelectionRule } from './rules/selection-rule.js';
export type {
  LearnOptions,
  Selector,
  SelectorIndexInfo,
  SelectorOptions,
  ToolActionInfo,
} from './selector/create-selector.js';
export { createSelector } from './selector/create-selector.js';
export type { CachedIndexDir, StoreOption } from './selector/open-index-store.js';
export type { SelectToolsOptions } from './selector/select-tools.js';
export { clearSelectorCache, selectTools } from './selector/select-tools.js';
export type { SelectedTool, Selection, SelectOptions } from './selector/selection.js';
export { createSession, DEFAULT_SESSION } from './session/create-session.js';
export type {
  LearnFailure,
  Session,
  SessionLearnOptions,
  SessionLearnReport,
  SessionMessage,
  SessionOptions,
  SessionSelection,
  SessionTool,
} from './session/session.js';
export { userCacheDir } from './shared/user-cache-dir.js';
export type { BuiltInVectorIndexKind, VectorIndexChoice } from './vector-index/built-in-vector-indexes.js';
export type { CreatedVectorIndex, CreateVectorIndexOptions } from './vector-index/create-vector-index.js';
export { createVectorIndex, EXACT_INDEX_MAX_WORK } from './vector-index/create-vector-index.js';
export type { ExactVectorIndex, ExactVectorIndexOptions } from './vector-index/exact-vector-index.js';
export { createExactVectorIndex } from './vector-index/exact-vector-index.js';
export type { HnswVectorIndex, HnswVectorIndexOptions } from './vector-index/hnsw-vector-index.js';
export { createHnswVectorIndex, HNSW_DEFAULTS } from './vector-index/hnsw-vector-index.js';
export type { LoadVectorIndexOptions } from './vector-index/load-vector-index.js';
export { loadVectorIndex } from './vector-index/load-vector-index.js';
export { saveVectorIndex } from './vector-index/save-vector-index.js';
export type { VectorHit, VectorIndex, VectorIndexFactory } from './vector-index/vector-index.js';
export type { ToolView, ViewKind } from './views/tool-view.js';
