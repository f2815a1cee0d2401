/**
 * The parts of the AI SDK's types toolsift reads, written structurally so that `ai` v5 and v6 both fit: their
 * `ToolSet`, `ModelMessage` and `prepareStep` options are assignable to these.
 */

/** An AI SDK tool as toolsift reads it: its description and input schema (zod 3/4, `jsonSchema()`, ...). */
export interface AiSdkTool {
  description?: string | undefined;
  inputSchema?: unknown;
}

/** An AI SDK `ToolSet`: tool name -> tool. */
export type AiSdkToolSet = Readonly<Record<string, AiSdkTool>>;

/** An AI SDK `ModelMessage` (system, user, assistant or tool) as toolsift reads it. */
export interface AiSdkMessage {
  role: string;
  /** A string, or content parts (`{ type: 'text', text }`, `{ type: 'tool-call', toolName }`, ...). */
  content: unknown;
}

/** The options of an AI SDK `prepareStep` call that toolsift reads. */
export interface AiSdkPrepareStepOptions {
  /** The messages that will be sent to the model for this step. */
  messages: readonly AiSdkMessage[];
}

/** The names of a tool set, as `activeTools` takes them. */
export type AiSdkToolName<TOOLS extends AiSdkToolSet> = Extract<keyof TOOLS, string>;
