import { afterAll } from 'vitest';
import { removeScratchDirs } from './scratch-dir.ts';

// Registered before any test file's own hooks, so it runs after them (hooks unwind as a stack):
// the file's servers and databases are closed before their folders go.
afterAll(() => removeScratchDirs());
