export type { CliIo } from './io.js';
export { run } from './run.js';
