import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './database.ts';

/** Callbacks waiting for the commit of the outermost transaction around them. */
const pending = new AsyncLocalStorage<Array<() => void>>();

/**
 * Makes `db.transaction` keep a list of after-commit callbacks for the code inside it. Nested
 * transactions (savepoints) add to the outermost one's list: nothing runs before the real
 * commit, and nothing runs when it rolls back.
 */
export function trackCommits(db: Database): Database {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (fn, config) => {
    if (pending.getStore()) return transaction(fn, config);
    const callbacks: Array<() => void> = [];
    const result = await pending.run(callbacks, () => transaction(fn, config));
    for (const callback of callbacks) callback();
    return result;
  }) as Database['transaction'];
  return db;
}

/**
 * Runs `callback` once the surrounding transaction has committed, or at once outside one. For
 * what must describe committed facts only, such as metrics: a counter bumped in a transaction
 * that then rolls back would count something that never happened.
 */
export function afterCommit(callback: () => void): void {
  const callbacks = pending.getStore();
  if (callbacks) callbacks.push(callback);
  else callback();
}
