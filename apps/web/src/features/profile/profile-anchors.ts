/** The billing part of the profile page (the plan, its management, the payments). */
export const BILLING_ANCHOR = 'billing';
