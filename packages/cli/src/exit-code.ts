/** 0 ok, 1 bad input or usage, 2 internal error (a bug). */
export const ExitCode = { Ok: 0, InputError: 1, InternalError: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Thrown by a command to end with a given exit code after it has printed its own output. */
export class ExitWith extends Error {
  constructor(readonly exitCode: ExitCode) {
    super(`exit ${exitCode}`);
    this.name = 'ExitWith';
  }
}
