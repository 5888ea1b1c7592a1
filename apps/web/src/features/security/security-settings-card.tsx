import {
  INACTIVITY_TIMEOUT_MAX_MINUTES,
  INACTIVITY_TIMEOUT_MIN_MINUTES,
  type SecuritySettings,
  type UpdateSecuritySettings,
} from '@atelier/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { ToggleRow } from './toggle-row.tsx';

export const card = 'rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900';

const inRange = (minutes: number) =>
  Number.isInteger(minutes) && minutes >= INACTIVITY_TIMEOUT_MIN_MINUTES && minutes <= INACTIVITY_TIMEOUT_MAX_MINUTES;

/** Session timeout (5–480 minutes) and the device-fingerprint and suspicious-activity toggles. */
export function SecuritySettingsCard({
  settings,
  saving,
  onSave,
}: {
  settings: SecuritySettings;
  saving: boolean;
  onSave: (changes: UpdateSecuritySettings) => void;
}) {
  const { t } = useTranslation('security');
  const [minutes, setMinutes] = useState(String(settings.inactivityTimeoutMinutes));
  const valid = inRange(Number(minutes));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onSave({ inactivityTimeoutMinutes: Number(minutes) });
  };

  return (
    <section aria-labelledby="session-settings-title" className={card}>
      <h2 id="session-settings-title" className="text-lg font-semibold">
        {t('settings.title')}
      </h2>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <TextField
          label={t('settings.timeout')}
          hint={t('settings.timeoutHint', { min: INACTIVITY_TIMEOUT_MIN_MINUTES, max: INACTIVITY_TIMEOUT_MAX_MINUTES })}
          type="number"
          inputMode="numeric"
          min={INACTIVITY_TIMEOUT_MIN_MINUTES}
          max={INACTIVITY_TIMEOUT_MAX_MINUTES}
          value={minutes}
          aria-invalid={!valid}
          onChange={(event) => setMinutes(event.target.value)}
          className="w-56"
        />
        <button type="submit" className={buttonClass('primary', 'md', 'mb-6')} disabled={!valid || saving}>
          {t('settings.save')}
        </button>
      </form>
      {!valid && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {t('settings.timeoutInvalid', { min: INACTIVITY_TIMEOUT_MIN_MINUTES, max: INACTIVITY_TIMEOUT_MAX_MINUTES })}
        </p>
      )}
      <div className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
        <ToggleRow
          label={t('settings.fingerprinting')}
          description={t('settings.fingerprintingHint')}
          checked={settings.enableDeviceFingerprinting}
          disabled={saving}
          onChange={(on) => onSave({ enableDeviceFingerprinting: on })}
        />
        <ToggleRow
          label={t('settings.suspicious')}
          description={t('settings.suspiciousHint')}
          checked={settings.enableSuspiciousActivityDetection}
          disabled={saving}
          onChange={(on) => onSave({ enableSuspiciousActivityDetection: on })}
        />
      </div>
      <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
        {t('settings.limits', {
          sessions: settings.maxConcurrentSessions,
          seconds: settings.sessionValidationIntervalSeconds,
        })}
      </p>
    </section>
  );
}
