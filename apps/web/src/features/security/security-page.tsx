import { PendingFeaturePage } from '../../components/pending-feature-page.tsx';

// Stands in until the security feature is built; see components/pending-feature-page.tsx.
export default function SecurityPage() {
  return <PendingFeaturePage area="security" />;
}
