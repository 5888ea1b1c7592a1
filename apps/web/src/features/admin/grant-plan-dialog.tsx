import { ADMIN_PLAN_GRANT_DAYS_MAX, type AdminPlanGrantBody, type AdminUserDetail } from '@atelier/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { FIELD_CONTROL_CLASS, TextField } from '../../components/ui/text-field.tsx';
import { adminApi } from './admin-api.ts';
import { adminErrorText } from './admin-error-text.ts';
import { ReasonDialog } from './reason-dialog.tsx';

type GrantedPlan = AdminPlanGrantBody['plan'];
const GRANTED_PLANS: readonly GrantedPlan[] = ['pro', 'studio', 'lifetime'];

/**
 * Gives the user a plan — its entitlements exactly as if bought — for a number of days or with
 * no end (days left empty), with a reason for the audit log. Credits are a separate action.
 */
export function GrantPlanDialog({
  user,
  onDone,
}: {
  user: AdminUserDetail['user'];
  onDone: (message: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('admin');
  const selectId = useId();
  const [plan, setPlan] = useState<GrantedPlan>('pro');
  const [days, setDays] = useState('');
  const daysValid = days === '' || (Number.isInteger(Number(days)) && Number(days) >= 1);
  return (
    <ReasonDialog
      trigger={
        <button type="button" className={buttonClass('secondary', 'sm')}>
          {t('actions.plan.button')}
        </button>
      }
      title={t('actions.plan.title')}
      description={t('actions.plan.description', { email: user.email, plan: t(`actions.plan.names.${user.plan}`) })}
      confirmLabel={t('actions.plan.confirm')}
      fieldsReady={daysValid}
      errorText={(error) => adminErrorText(t, error)}
      onConfirm={async ({ reason }) => {
        const granted = await adminApi.grantPlan(user.id, { plan, reason, ...(days ? { days: Number(days) } : {}) });
        const name = t(`actions.plan.names.${granted.plan}`);
        await onDone(
          granted.endsAt
            ? t('actions.plan.doneUntil', {
                plan: name,
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(granted.endsAt)),
              })
            : t('actions.plan.done', { plan: name }),
        );
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('actions.plan.plan')}
        </label>
        <select
          id={selectId}
          value={plan}
          onChange={(event) => setPlan(event.target.value as GrantedPlan)}
          className={FIELD_CONTROL_CLASS}
        >
          {GRANTED_PLANS.map((id) => (
            <option key={id} value={id}>
              {t(`actions.plan.names.${id}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('actions.plan.days')}
        hint={t('actions.plan.daysHint', { max: ADMIN_PLAN_GRANT_DAYS_MAX })}
        type="number"
        inputMode="numeric"
        step={1}
        min={1}
        max={ADMIN_PLAN_GRANT_DAYS_MAX}
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
    </ReasonDialog>
  );
}
