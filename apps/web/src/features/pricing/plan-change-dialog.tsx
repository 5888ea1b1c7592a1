import type { PlanChangePreview } from '@atelier/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { formatCredits, formatMinorAmount } from '../../lib/billing-api.ts';
import { SummaryList } from './summary-list.tsx';

/**
 * The confirmation of a plan change: what the server says it charges now (prorated, in the
 * subscription's currency), the credits it adds and the next renewal. Cancel (or Escape)
 * changes nothing; Confirm asks the server to make the change.
 */
export function PlanChangeDialog(props: {
  change: PlanChangePreview;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('pricing');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { change } = props;
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const plan = t(`plans.${change.planId}.name`);
  const renewal = change.nextRenewal
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(change.nextRenewal))
    : null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!props.busy) props.onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-zinc-200 bg-white p-6 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {t('change.title', { plan })}
      </h2>
      <SummaryList
        rows={[
          [t('change.dueNow'), formatMinorAmount(change.amountDue, change.currency, i18n.language)],
          [t('cycle.label'), t(`cycle.${change.billingCycle}`)],
          [t('change.credits'), t('change.creditsValue', { credits: formatCredits(change.credits, i18n.language) })],
          ...(renewal ? [[t('change.renewal'), renewal] as const] : []),
        ]}
      />
      <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t('change.dueNowNote')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={buttonClass('secondary')} onClick={props.onCancel} disabled={props.busy}>
          {t('change.cancel')}
        </button>
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={props.onConfirm}
          disabled={props.busy}
          aria-busy={props.busy}
        >
          {props.busy ? t('change.confirming') : t('change.confirm')}
        </button>
      </div>
    </dialog>
  );
}
