// The profile page's referral section (platform.md §2 profile), rendered by the profile feature.
export { ReferralSummaryCard } from './referral-summary-card.tsx';
