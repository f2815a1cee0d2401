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
  'how',
  'whether',
]);

/** The actions a lower-case word asks for, inflections included (`deleted`, `lists`, `scheduling`). */
export function actionsOfWord(word: string): readonly ToolAction[] {
  actionsByWord ??= indexVerbs();
  return actionsByWord.get(word) ?? NONE;
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

// Built on first use: most selections in catalogs without verb-led names never ask.
let actionsByWord: ReadonlyMap<string, readonly ToolAction[]> | undefined;

function indexVerbs(): Map<string, ToolAction[]> {
  const byWord = new Map<string, ToolAction[]>();
  for (const [action, verbs] of Object.entries(VERBS) as Array<[ToolAction, readonly string[]]>) {
    for (const verb of verbs) {
      for (const form of inflections(verb)) {
        const actions = byWord.get(form) ?? [];
        if (!actions.includes(action)) actions.push(action);
        byWord.set(form, actions);
      }
    }
  }
  return byWord;
}

// The regular forms of a verb: `delete` -> deletes, deleted, deleting; `add` -> adds, added, adding.
function inflections(verb: string): string[] {
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  const third = /(s|sh|ch|x|z)$/.test(verb) ? `${verb}es` : `${verb}s`;
  return [verb, third, `${stem}ed`, `${stem}ing`, ...(IRREGULAR[verb] ?? [])];
}

const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  find: ['found'],
  see: ['saw', 'seen'],
  tell: ['told'],
  make: ['made'],
  build: ['built'],
  buy: ['bought'],
  write: ['wrote', 'written'],
  set: ['setting'],
  put: ['putting'],
  drop: ['dropped', 'dropping'],
};
