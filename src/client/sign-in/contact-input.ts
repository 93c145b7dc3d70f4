/** What the sign-up form sends as `contact`; the server validates it (src/modules/accounts/contact.ts). */
export type ContactInput = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: string;
  postalCode?: string;
  marketingOptIn: boolean;
};
