import { connection, type Connection } from './connection-state';

/**
 * Runs `load` (the download of a page's code or texts) and, when it fails because the server
 * cannot be reached, runs it again once the server answers, instead of failing: the page then
 * shows by itself (issue 37). A load that fails twice while the server answers (a file gone
 * after an update, an error in the module) rejects as before.
 */
export async function loadWhenReachable<T>(load: () => Promise<T>, state: Connection = connection): Promise<T> {
  for (let failedWhileOnline = 0; ;) {
    try {
      return await load();
    } catch (error) {
      if ((await state.check()) !== 'online') await state.whenOnline();
      else if (++failedWhileOnline > 1) throw error;
    }
  }
}
