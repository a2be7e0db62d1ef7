import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Runs a full garbage collection now. For the embedded server's few moments after which a lot of
 * memory is garbage but V8, seeing a small JavaScript heap, may not collect it for a long time:
 * initdb's WebAssembly instance after a first start, and an import's buffers after it ends
 * (they also weigh on the peak of the next import). `gc` is exposed
 * through V8's flags at run time, the way Jest does it between test files; a collection takes
 * tens of milliseconds.
 */
export function collectGarbageNow(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
