/**
 * The mark this device keeps while someone is signed in here: no token and no personal data, only
 * whether the identity provider has to be asked who is signed in (./identity.ts). Firebase's
 * reports keep it in step (./firebase-identity.ts).
 */
export const signedInMarkKey = 'kerbside:signed-in';

export function deviceMayBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(signedInMarkKey) !== null;
  } catch {
    // Storage refused (a private window, say): the provider is asked, as before there was a mark.
    return true;
  }
}

export function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(signedInMarkKey, '1');
    else window.localStorage.removeItem(signedInMarkKey);
  } catch {
    // Storage refused: without the mark the provider is simply always asked.
  }
}
