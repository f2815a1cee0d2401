#!/usr/bin/env node
import { processIo } from './io.js';
import { run } from './run.js';

// The only place that exits the process (STYLE.md rule 22).
process.exitCode = await run(process.argv.slice(2), processIo());
