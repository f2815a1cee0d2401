import { type IndexWarning, IndexWarningCode } from '../index-store/index-warning.js';
import { maskSecrets, type StoreUrl } from './store-url.js';

/** Whether a loaded store's database answers, as its last statement found, and what a selector then says. */
export interface StoreReachability {
  readonly isReachable: boolean;
  /** A statement failed because the database cannot be reached (see `isUnreachable`). */
  lost(error: unknown): void;
  /** A statement went through. Returns true when the database was unreachable until now. */
  found(): boolean;
  /** `STORE_UNREACHABLE` while it lasts, with the learns waiting to be written (`pending`); else nothing. */
  warnings(pending: number): IndexWarning[];
}

/** Track whether the store's database answers; messages show the URL with its password masked. */
export function createStoreReachability(storeUrl: StoreUrl): StoreReachability {
  let lostAt: Date | undefined;
  let reason = '';
  return {
    get isReachable() {
      return lostAt === undefined;
    },
    lost(error) {
      lostAt ??= new Date();
      reason = maskSecrets(error instanceof Error ? error.message : String(error), storeUrl);
    },
    found() {
      const wasLost = lostAt !== undefined;
      lostAt = undefined;
      return wasLost;
    },
    warnings(pending) {
      if (lostAt === undefined) return [];
      const since = lostAt.toISOString();
      const waiting =
        pending === 0
          ? ''
          : `; ${pending} learn(s) made since wait to be written (lost if this process ends first)`;
      return [
        {
          code: IndexWarningCode.StoreUnreachable,
          message: `the store ${storeUrl.masked} cannot be reached since ${since} (${reason}): serving the index loaded, from memory${waiting}`,
          reason,
          since,
        },
      ];
    },
  };
}
