import { stem } from '../lexical/stem.js';

/**
 * What a tool does to the things it works on, as far as its name or a prompt's verbs say. `write`: it changes
 * something or acts on the world, but whether it creates, updates or deletes is unsaid (`send`, `merge`, `pay`).
 */
export type ToolAction = 'read' | 'create' | 'update' | 'delete' | 'write';

/**
 * Verbs by the action they ask for. A verb may belong to two actions (`set`, `write`, `save` create or
 * update), and then it names neither in a tool's name (`issue_write` creates and updates issues). Verbs that
 * are as often nouns or adjectives in tool names (`book`, `order`, `record`, `post`, `open`) are left out: a
 * `BookTool` or an `OrderHistory` does not create.
 */
const VERBS: Readonly<Record<ToolAction, readonly string[]>> = {
  read: [
    'get',
    'list',
    'show',
    'find',
    'search',
    'look',
    'lookup',
    'check',
    'display',
    'fetch',
    'read',
    'view',
    'see',
    'retrieve',
    'query',
    'tell',
    'know',
    'browse',
    'discover',
    'explore',
    'describe',
    'download',
    'count',
    'inspect',
    'verify',
    'calculate',
    'compute',
  ],
  create: [
    'create',
    'add',
    'make',
    'register',
    'schedule',
    'upload',
    'write',
    'insert',
    'set',
    'start',
    'submit',
    'reserve',
    'compose',
    'build',
    'generate',
    'put',
    'save',
    'store',
    'remember',
    'enroll',
    'apply',
    'join',
    'buy',
    'push',
  ],
  update: [
    'update',
    'edit',
    'modify',
    'change',
    'rename',
    'set',
    'move',
    'assign',
    'reschedule',
    'adjust',
    'replace',
    'correct',
    'patch',
    'put',
    'mark',
    'toggle',
    'enable',
    'disable',
    'transfer',
    'reset',
    'write',
    'save',
    'store',
    'push',
    'close',
    'stop',
    'restart',
    'pause',
    'lock',
    'unlock',
    'approve',
    'reject',
    'mute',
    'unmute',
    'block',
    'unblock',
    'archive',
  ],
  write: [
    'send',
    'merge',
    'run',
    'trigger',
    'execute',
    'install',
    'deploy',
    'reply',
    'comment',
    'invite',
    'share',
    'publish',
    'pay',
    'charge',
    'refund',
    'play',
    'skip',
    'follow',
    'unfollow',
    'like',
    'star',
    'subscribe',
    'sync',
    'vote',
    'sign',
    'accept',
    'decline',
    'notify',
    'remind',
    'forward',
    'print',
    'purchase',
    'sell',
    'checkout',
  ],
  delete: [
    'delete',
    'remove',
    'erase',
    'forget',
    'drop',
    'cancel',
    'unsubscribe',
    'clear',
    'destroy',
    'uninstall',
    'revoke',
    'unstar',
    'dismiss',
    'withdraw',
    'terminate',
  ],
};

/** Words that ask a question: a prompt holding one wants to read something, whatever else it asks. */
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'what',
  'which',
  'who',
  'when',
  'where',
  'why',
  'how',
  'whether',
]);

/**
 * The actions a lower-case word asks for, inflections included: the regular forms (`deleted`, `lists`), any
 * other form the stemmer that BM25 and the rules use folds into a verb (`stopped`, `cancelled`, `queries`, and
 * the misspelt `stoped`), and the irregular ones it cannot fold (`sent`, `paid`, `built`). A plural gerund
 * (`settings`, `listings`) is a noun and asks nothing.
 */
export function actionsOfWord(word: string): readonly ToolAction[] {
  lexicon ??= indexVerbs();
  const actions = lexicon.byForm.get(word);
  if (actions !== undefined) return actions;
  return word.endsWith('ings') ? NONE : (lexicon.byStem.get(stem(word)) ?? NONE);
}

/** Whether a lower-case word is a verb of the lexicon as it stands (`close`, not `closed`). */
export function isBaseVerb(word: string): boolean {
  lexicon ??= indexVerbs();
  return lexicon.verbs.has(word);
}

/** The actions a lower-case prompt word asks for: its verbs' (`actionsOfWord`), and `create` for words that are
 * verbs in a prompt far more often than in a tool's name ("book a flight", but `BookTool`). */
export function actionsOfPromptWord(word: string): readonly ToolAction[] {
  return PROMPT_CREATE_WORDS.has(word) ? CREATE : actionsOfWord(word);
}

/** Whether a lower-case word asks a question (`what`, `how`, ...). */
export function isQuestionWord(word: string): boolean {
  return QUESTION_WORDS.has(word);
}

// --- internal ---

const NONE: readonly ToolAction[] = Object.freeze([]);
const CREATE: readonly ToolAction[] = Object.freeze(['create']);
// Not `open`: "show me open pull requests" is a read, and "open a PR" asks nothing then, which demotes nothing.
const PROMPT_CREATE_WORDS: ReadonlySet<string> = new Set([
  'book',
  'books',
  'booked',
  'booking',
  'order',
  'ordered',
  'post',
  'posted',
  'record',
  'recorded',
]);

interface Lexicon {
  /** The verbs as listed. */
  verbs: ReadonlySet<string>;
  /** The verbs, their regular forms and their irregular ones. */
  byForm: ReadonlyMap<string, readonly ToolAction[]>;
  /** The verbs' stems, for the forms the regular ones miss. */
  byStem: ReadonlyMap<string, readonly ToolAction[]>;
}

// Built on first use: most selections in catalogs without verb-led names never ask.
let lexicon: Lexicon | undefined;

function indexVerbs(): Lexicon {
  const byForm = new Map<string, ToolAction[]>();
  const byStem = new Map<string, ToolAction[]>();
  for (const [action, verbs] of Object.entries(VERBS) as Array<[ToolAction, readonly string[]]>) {
    for (const verb of verbs) {
      for (const form of inflections(verb)) addAction(byForm, form, action);
      // Only the verb's own stem: Porter folds `added` to `ad`, and `ads` asks for nothing.
      addAction(byStem, stem(verb), action);
    }
  }
  return { verbs: new Set(Object.values(VERBS).flat()), byForm, byStem };
}

function addAction(byWord: Map<string, ToolAction[]>, word: string, action: ToolAction): void {
  const actions = byWord.get(word) ?? [];
  if (!actions.includes(action)) actions.push(action);
  byWord.set(word, actions);
}

// The regular forms of a verb: `delete` -> deletes, deleted, deleting; `add` -> adds, added, adding.
function inflections(verb: string): string[] {
  const base = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const third = /(s|sh|ch|x|z)$/.test(verb) ? `${verb}es` : `${verb}s`;
  return [verb, third, `${base}ed`, `${base}ing`, ...(IRREGULAR[verb] ?? [])];
}

// The forms the stemmer cannot fold into their verb (`set` and `put` are their own past).
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  get: ['got', 'gotten'],
  find: ['found'],
  see: ['saw', 'seen'],
  show: ['shown'],
  tell: ['told'],
  know: ['knew', 'known'],
  make: ['made'],
  build: ['built'],
  buy: ['bought'],
  sell: ['sold'],
  send: ['sent'],
  pay: ['paid'],
  run: ['ran'],
  write: ['wrote', 'written'],
  withdraw: ['withdrew', 'withdrawn'],
};
