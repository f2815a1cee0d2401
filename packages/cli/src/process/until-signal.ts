/** Resolves `received` on the first SIGINT or SIGTERM; `stop` gives both back their default (the process ends). */
export function untilSignal(): { received: Promise<void>; stop: () => void } {
  let stop = (): void => undefined;
  const received = new Promise<void>((resolve) => {
    stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return { received, stop };
}
