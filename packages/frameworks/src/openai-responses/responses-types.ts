// The openai SDK types of the Responses API the adapter reads and writes (type-only: an optional peer).
import type {
  FunctionTool,
  NamespaceTool,
  ResponseInputItem,
  ResponseOutputItem,
} from 'openai/resources/responses/responses';

export type {
  FunctionTool,
  NamespaceTool,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseToolSearchOutputItemParam,
  Tool,
  ToolSearchTool,
} from 'openai/resources/responses/responses';

/** A function tool as a user defines it for the Responses API (what toolsift reads of it). */
export type ResponsesFunctionDefinition = Pick<FunctionTool, 'name' | 'parameters'> &
  Partial<Pick<FunctionTool, 'description' | 'strict' | 'defer_loading'>>;

/** A deferred tool as the request declares it and a search output loads it: a function, or a namespace of them. */
export type ResponsesDeferredTool = FunctionTool | NamespaceTool;

/** The conversation as a Responses request takes it, the response output items pushed into it included. */
export type ResponsesInput = string | ReadonlyArray<ResponseInputItem | ResponseOutputItem>;

/** What a function tool run returns as its output. */
export type ResponsesToolOutput = Extract<ResponseInputItem, { type: 'function_call_output' }>['output'];
