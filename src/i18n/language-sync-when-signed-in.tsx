import { lazy, Suspense } from 'react';
import { SessionContext } from '../shell/session-context';

const LanguageSync = lazy(() => import(/* webpackChunkName: "language-sync" */ './language-sync'));

/** Keeps a signed-in resident's language on the API host too (./language-sync.tsx). */
export function LanguageSyncWhenSignedIn() {
  const signedIn = SessionContext.useSelector((snapshot) => snapshot.matches('signed_in'));
  return signedIn ? (
    <Suspense fallback={null}>
      <LanguageSync />
    </Suspense>
  ) : null;
}
