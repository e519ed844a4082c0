import type { Profile } from '../../contract/auth';

/** The avatar's letters: first and last name initials, or "U" (user) when there are none. */
export function initials(profile: Pick<Profile, 'first_name' | 'last_name'> | null): string {
  const letters = [profile?.first_name, profile?.last_name]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return letters === '' ? 'U' : letters;
}
