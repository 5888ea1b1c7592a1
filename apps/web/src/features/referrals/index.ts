// The profile page's referral section, rendered by the profile feature.
export { ReferralSummaryCard } from './referral-summary-card.tsx';
