import { PendingFeaturePage } from '../../components/pending-feature-page.tsx';

// Stands in until the referrals feature is built; see components/pending-feature-page.tsx.
export default function ReferralCenterPage() {
  return <PendingFeaturePage area="referrals" />;
}
