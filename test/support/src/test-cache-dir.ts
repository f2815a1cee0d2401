import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A model cache shared by the test files of one machine, so use-lite is converted once rather than per file.
 * Concurrent test processes may convert at the same time; the cache install is safe for that.
 */
export const SHARED_TEST_CACHE_DIR = join(tmpdir(), 'toolsift-test-cache');
