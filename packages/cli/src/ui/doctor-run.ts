import type { DoctorProgress, DoctorReport } from '@toolsift/selector';

/** Where the page's doctor run is: not started, running (with its progress), done, or failed. */
export type DoctorState =
  | { state: 'idle' }
  | { state: 'running'; progress?: DoctorProgress }
  | { state: 'done'; report: DoctorReport }
  | { state: 'failed'; message: string; code?: string };

/** One doctor run at a time for the page; its last report is kept for the catalog's filters and the tool panel. */
export interface DoctorRun {
  /** Start a run unless one is running; returns at once. */
  start(): void;
  state(): DoctorState;
  /** The last report, when a run finished. */
  report(): DoctorReport | undefined;
  /** Resolves when the current run (if any) ends. */
  settled(): Promise<void>;
}

/** Keep the state of runs of `diagnose`. */
export function createDoctorRun(
  diagnose: (onProgress: (progress: DoctorProgress) => void) => Promise<DoctorReport>,
): DoctorRun {
  let current: DoctorState = { state: 'idle' };
  let last: DoctorReport | undefined;
  let running: Promise<void> = Promise.resolve();
  return {
    start() {
      if (current.state === 'running') return;
      const run: { state: 'running'; progress?: DoctorProgress } = { state: 'running' };
      current = run;
      running = diagnose((progress) => {
        run.progress = progress;
      }).then(
        (report) => {
          last = report;
          current = { state: 'done', report };
        },
        (error: unknown) => {
          const code = (error as { code?: unknown }).code;
          current = {
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
            ...(typeof code === 'string' ? { code } : {}),
          };
        },
      );
    },
    state: () => current,
    report: () => last,
    settled: () => running,
  };
}
