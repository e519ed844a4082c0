import { createFirebaseIdentity } from '../../server/identity/firebase-identity';
import { signInWithCustomToken } from '../stack/test-api';

export interface SignedInResident {
  id: string;
  idToken: string;
}

/**
 * ID tokens of seeded residents (who have no password): a custom token minted for each, as the
 * API's sign-in does, exchanged at the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST), ten at once.
 */
export async function signInResidents(residentIds: string[]): Promise<SignedInResident[]> {
  const identity = createFirebaseIdentity({ projectId: 'demo-kerbside' });
  try {
    const signedIn: SignedInResident[] = [];
    for (let offset = 0; offset < residentIds.length; offset += 10) {
      signedIn.push(
        ...(await Promise.all(
          residentIds.slice(offset, offset + 10).map(async (id) => ({
            id,
            idToken: await signInWithCustomToken(await identity.createCustomToken(id, 0)),
          })),
        )),
      );
    }
    return signedIn;
  } finally {
    await identity.close();
  }
}
