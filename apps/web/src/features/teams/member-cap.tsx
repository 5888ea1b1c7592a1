import { TEAM_MEMBER_CAP_MAX, type TeamMember } from '@atelier/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';

/** A member's monthly cap on the pool (owner and admins); empty: no cap. */
export function MemberCap({
  member,
  saving,
  onSave,
}: {
  member: TeamMember;
  saving: boolean;
  onSave: (cap: number | null) => void;
}) {
  const { t } = useTranslation('team');
  const [value, setValue] = useState(member.monthlyCap === null ? '' : String(member.monthlyCap));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim() === '' ? null : Number(value));
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-2">
      <label className="text-sm">
        <span className="sr-only">{t('members.capFor', { name: member.username ?? member.email })}</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={TEAM_MEMBER_CAP_MAX}
          step={1}
          value={value}
          placeholder={t('members.noCap')}
          title={t('members.cap')}
          onChange={(e) => setValue(e.target.value)}
          className="h-9 w-28 rounded-lg border border-zinc-200 bg-white px-2 tabular-nums dark:border-zinc-800 dark:bg-zinc-900"
        />
      </label>
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={saving}>
        {t('members.saveCap')}
      </button>
    </form>
  );
}
