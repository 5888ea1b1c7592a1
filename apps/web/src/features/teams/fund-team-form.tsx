import type { Team } from '@atelier/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { PROFILE_QUERY_KEY } from '../profile/index.ts';
import { teamErrorText } from './team-error-text.ts';
import { teamsApi } from './teams-api.ts';

export function FundForm({ team }: { team: Team }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const fund = useMutation({
    mutationFn: () => teamsApi.fund(team.id, Number(amount)),
    onSuccess: async () => {
      setAmount('');
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    },
  });
  return (
    <form
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        fund.mutate();
      }}
    >
      <TextField
        label={t('pool.amount')}
        hint={t('pool.hint')}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        required
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        className="flex-1"
      />
      <button type="submit" className={buttonClass('primary')} disabled={fund.isPending || !(Number(amount) >= 1)}>
        {t('pool.fund')}
      </button>
      {fund.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {teamErrorText(t, fund.error, { unconfirmed: 'create.confirmFirst' })}
        </p>
      )}
    </form>
  );
}
