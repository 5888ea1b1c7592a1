// What other features and the app's layout use of the profile: the account's one query, and its
// key, which a change to the account (credits, plan) refreshes; the anchor of its billing part.

export { BILLING_ANCHOR } from './profile-anchors.ts';
export { type Me, meQuery, PROFILE_QUERY_KEY } from './profile-api.ts';
