import type { PlanAction, PlanId } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';

/** The plan card's button: its label follows the plan rank (Current Plan, Upgrade Now, …). */
export function PlanButton(props: { plan: PlanId; action: PlanAction; busy: boolean; onChoose: () => void }) {
  const { t } = useTranslation('pricing');
  const highlighted = props.action === 'upgrade' || props.plan === 'pro' || props.plan === 'lifetime';
  return (
    <button
      type="button"
      data-plan={props.plan}
      onClick={props.onChoose}
      disabled={props.busy}
      aria-busy={props.busy}
      className={buttonClass(highlighted ? 'primary' : 'secondary', 'lg', 'mt-8 w-full')}
    >
      {props.busy ? t('redirecting') : t(`actions.${props.action}`)}
    </button>
  );
}
