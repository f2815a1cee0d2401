#!/usr/bin/env node
import { processIo } from './io.js';
import { run } from './run.js';

// A reader that stops early (`toolsift validate big/ | head -3`) closes the pipe: stop at once and quietly, as Unix
// tools do on SIGPIPE, instead of dying on an unhandled EPIPE with a stack trace. Other stream errors stay fatal.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

// The only places that exit the process (STYLE.md rule 22).
process.exitCode = await run(process.argv.slice(2), processIo());
