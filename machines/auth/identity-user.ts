/** Who the identity provider says is signed in (spec section 3, "Authenticated identity"). */
export interface IdentityUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}
