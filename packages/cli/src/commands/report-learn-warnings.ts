import type { LearnReport } from '@toolsift/selector';
import type { CliIo } from '../io.js';
import { toSafeText } from './safe-output.js';

/** Print what a learn or forget reported (prompts skipped or cut, a damaged file moved aside) on stderr, with codes. */
export function reportLearnWarnings(io: CliIo, report: LearnReport): void {
  for (const warning of report.warnings ?? [])
    io.stderr.write(`toolsift: warning: ${toSafeText(warning.message)} [${warning.code}]\n`);
}
