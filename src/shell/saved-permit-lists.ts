import {
  asSavedPermitList,
  type SavedPermitList,
} from '../../machines/permits/my-permits/saved-permit-list';

/** Every saved list's key starts so; the resident's uid follows. */
const keyPrefix = 'kerbside.my-permits.';

/**
 * My Permits as each resident last loaded it on this device, kept in `localStorage` under their
 * uid so another account never reads it, and cleared on sign-out (session-actors.ts).
 * Storage may be full or refused (private browsing): the list then simply is not kept.
 */
export const savedPermitLists = {
  read(uid: string): SavedPermitList | null {
    try {
      const text = localStorage.getItem(keyPrefix + uid);
      return text === null ? null : asSavedPermitList(JSON.parse(text));
    } catch {
      return null;
    }
  },
  save(uid: string, saved: SavedPermitList): void {
    try {
      localStorage.setItem(keyPrefix + uid, JSON.stringify(saved));
    } catch (error) {
      console.warn('My Permits could not be kept for reading offline', error);
    }
  },
  /** Forgets every resident's list: whoever signs in next starts with none. */
  clearAll(): void {
    try {
      const keys = Array.from({ length: localStorage.length }, (_, index) =>
        localStorage.key(index),
      );
      for (const key of keys) if (key?.startsWith(keyPrefix)) localStorage.removeItem(key);
    } catch {
      // Storage that cannot be read holds nothing of ours.
    }
  },
};
