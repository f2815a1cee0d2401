/**
 * What in a conversation moves a selection session: a user turn's text, or a call of a tool by name. Each
 * adapter reads these from its framework's messages; `createConversationSessions` replays them.
 */
export type ConversationEvent = { kind: 'user'; text: string } | { kind: 'call'; toolName: string };
