/** Who the identity provider says is signed in (docs/contract.md §3, "Authenticated identity"). */
export interface IdentityUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}
