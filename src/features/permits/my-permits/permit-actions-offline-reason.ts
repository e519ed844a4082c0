import { createContext } from 'react';

/**
 * The id of the element that says why the permit buttons are disabled (the offline banner's
 * reason, src/features/permits/my-permits/offline-permits-banner.tsx); null while they can be used.
 */
export const PermitActionsOfflineReason = createContext<string | null>(null);
