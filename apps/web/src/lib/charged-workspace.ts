import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from './safe-storage.ts';

/**
 * The workspace tool runs are paid from: Personal (null) or one of the account's teams. Kept
 * per account in this browser, so a shared computer does not carry one person's choice to the
 * next. The server decides whether a team may be charged; this is only which one is asked.
 */

const storageKey = (userId: string) => `atelier.workspace.${userId}`;
const listeners = new Set<() => void>();
let account: string | null = null;
let teamId: string | null = null;

/** Reads the account's remembered workspace (called when the signed-in account is known). */
function load(userId: string | null) {
  if (userId === account) return;
  account = userId;
  teamId = userId ? (safeLocalStorage()?.getItem(storageKey(userId)) ?? null) : null;
}

export function setWorkspace(userId: string, next: string | null): void {
  load(userId);
  teamId = next;
  const storage = safeLocalStorage();
  if (next) storage?.setItem(storageKey(userId), next);
  else storage?.removeItem(storageKey(userId));
  for (const listener of listeners) listener();
}

/** The team runs are charged to now, for the API calls that start them; null for Personal. */
export const workspaceTeamId = (): string | null => teamId;

export const subscribeWorkspace = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The selected team of the signed-in account (null: Personal; the server's render: Personal). */
export function useWorkspaceTeamId(userId: string | undefined): string | null {
  return useSyncExternalStore(
    subscribeWorkspace,
    () => {
      if (userId) load(userId);
      return userId ? teamId : null;
    },
    () => null,
  );
}
