// The profile page's billing section, rendered by the profile feature.
export { BillingHistory } from './billing-history.tsx';
export { SubscriptionCard } from './subscription-card.tsx';
