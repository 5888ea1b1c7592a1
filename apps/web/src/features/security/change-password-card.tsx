import { PASSWORD_MIN_LENGTH } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { notify } from '../../lib/notify.ts';
import { authErrorText } from '../auth/index.ts';
import { SECURITY_QUERY_KEY, securityApi } from './security-api.ts';
import { card } from './security-settings-card.tsx';

type Field = 'current' | 'new' | 'confirm';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Changing the password while signed in: the current one, the new one twice. The session that
 * changes it carries on; every other session of the account ends (the server does that).
 * A wrong current password, a too-short new one or two that differ are shown at their field.
 */
export function ChangePasswordCard() {
  const { t } = useTranslation('security');
  const { t: tAuth } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const checkLocally = (): FieldErrors => {
    const found: FieldErrors = {};
    if (next.length < PASSWORD_MIN_LENGTH) found.new = t('password.errors.tooShort', { count: PASSWORD_MIN_LENGTH });
    if (confirm !== next) found.confirm = t('password.errors.differ');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkLocally();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await securityApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      void notify((toast) => toast.success(t('password.changed'), { description: t('password.changedBody') }));
      await queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
    } catch (error) {
      const text = authErrorText(tAuth, error);
      if (text.code === 'INVALID_CREDENTIALS') setErrors({ current: t('password.errors.wrongCurrent') });
      // The password went (voided elsewhere since the page loaded): the page offers to set one.
      else if (text.code === 'PASSWORD_NOT_SET') await queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
      else if (text.code === 'WEAK_PASSWORD')
        setErrors({ new: t('password.errors.tooShort', { count: PASSWORD_MIN_LENGTH }) });
      else void notify((toast) => toast.error(text.title, { description: text.description }));
    } finally {
      setBusy(false);
    }
  };

  const fields: { name: Field; value: string; set: (value: string) => void }[] = [
    { name: 'current', value: current, set: setCurrent },
    { name: 'new', value: next, set: setNext },
    { name: 'confirm', value: confirm, set: setConfirm },
  ];
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  return (
    <section aria-labelledby="change-password-title" className={card}>
      <h2 id="change-password-title" className="text-lg font-semibold">
        {t('password.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('password.body')}</p>
      <form className="mt-4 flex max-w-sm flex-col gap-3" noValidate onSubmit={(e) => void submit(e)}>
        {fields.map((field) => (
          <TextField
            key={field.name}
            label={t(`password.${field.name}`)}
            type="password"
            name={`${field.name}-password`}
            autoComplete={field.name === 'current' ? 'current-password' : 'new-password'}
            required
            hint={field.name === 'new' ? t('password.hint', { count: PASSWORD_MIN_LENGTH }) : undefined}
            value={field.value}
            error={errors[field.name]}
            onChange={(e) => edit(field.name, field.set)(e.target.value)}
          />
        ))}
        <div>
          <button type="submit" disabled={busy || !current} className={buttonClass('primary', 'sm')}>
            {t('password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
