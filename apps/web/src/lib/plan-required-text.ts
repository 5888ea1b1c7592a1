import type { PlanId } from '@atelier/contracts';
import type { TFunction } from 'i18next';

/** A PLAN_REQUIRED refusal in the user's language, naming the plan that has the feature. */
export const planRequiredText = (t: TFunction, plan: PlanId): string =>
  t('common:planRequired', { plan: t(`common:planLock.plan.${plan}`) });
