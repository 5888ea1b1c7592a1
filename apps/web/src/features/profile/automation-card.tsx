import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  API_KEYS_PER_USER,
  type ApiKey,
  type ApiKeyScope,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { PlanLock, useEntitlements } from '../pricing/index.ts';
import { API_KEYS_QUERY_KEY, automationApi, WEBHOOK_SECRET_QUERY_KEY } from './automation-api.ts';
import { CopyButton } from './copy-button.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

const KNOWN_CODES = new Set(['API_KEY_NOT_ALLOWED', 'RUN_NOT_RERUNNABLE', 'WEBHOOK_URL_NOT_ALLOWED']);

/** What went wrong, in the user's language (keys under `automation`). */
function errorText(t: (key: string) => string, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.issues.some((i) => i.field === 'name' && i.problem === 'too_big')) return t('errors.tooMany');
  // Both already in the user's language (lib/api-client.ts).
  if (error.code === 'VALIDATION_ERROR' || error.code === 'PLAN_REQUIRED') return error.message;
  return KNOWN_CODES.has(error.code) ? t(`errors.${error.code}`) : t('errors.generic');
}

const toastError = (t: (key: string) => string, error: unknown) =>
  void notify((toast) => toast.error(errorText(t, error)));

/**
 * API keys and the webhook signing secret: create a key with a name (its secret is
 * shown once, to copy), the list with revoke, and the `whsec_` secret with rotate.
 */
export function AutomationCard() {
  const { t } = useTranslation('automation');
  const { t: tCommon } = useTranslation('common');
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: automationApi.listKeys });
  const atLimit = (keys.data?.length ?? 0) >= API_KEYS_PER_USER;
  // Keys and webhooks are for plans with `apiKeys`: a lock before, not a refusal after. Keys made
  // on an earlier plan stay listed (revocable) and work again after an upgrade.
  const locked = useEntitlements().has('apiKeys') === false;
  return (
    <section
      aria-labelledby="automation-title"
      className="flex flex-col gap-6 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-col gap-2">
        <h2 id="automation-title" className="flex items-center gap-2 text-lg font-semibold">
          <KeyRound aria-hidden="true" className="size-5 text-brand-600" />
          {t('title')}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('intro')}{' '}
          <a className="font-medium text-brand-700 underline dark:text-brand-400" href="/api/docs">
            {t('docsLink')}
          </a>
        </p>
      </div>
      {locked ? <PlanLock feature="apiKeys" /> : <CreateKeyForm atLimit={atLimit} />}
      {locked && (keys.data?.length ?? 0) > 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{tCommon('planLock.keysPaused')}</p>
      )}
      <KeyList keys={keys.data ?? []} loading={keys.isPending} />
      {!locked && <WebhookSecret />}
      {!locked && <WebhookDeliveries />}
    </section>
  );
}

function CreateKeyForm({ atLimit }: { atLimit: boolean }) {
  const { t } = useTranslation('automation');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  // Every scope unless the person narrows it: a key made here does what keys always did.
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...API_KEY_SCOPES]);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: automationApi.createKey,
    onSuccess: ({ secret: created }) => {
      setSecret(created);
      setName('');
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      void notify((toast) => toast.success(t('toasts.created')));
    },
    onError: (error) => toastError(t, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      void notify((toast) => toast.error(t('errors.nameRequired')));
      return;
    }
    if (scopes.length === 0) {
      void notify((toast) => toast.error(t('errors.scopeRequired')));
      return;
    }
    create.mutate({ name: name.trim(), scopes });
  };

  if (secret) {
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
      >
        <p className="text-sm font-semibold">{t('secret.title')}</p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('secret.once')}</p>
        <code
          data-testid="api-key-secret"
          className="rounded-lg bg-white px-3 py-2 font-mono text-sm break-all select-all dark:bg-zinc-900"
        >
          {secret}
        </code>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={secret} />
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => setSecret(null)}>
            {t('secret.done')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={t('create.nameLabel')}
          placeholder={t('create.namePlaceholder')}
          name="api-key-name"
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          value={name}
          disabled={atLimit}
          hint={atLimit ? t('create.limit', { max: API_KEYS_PER_USER }) : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={buttonClass('primary', 'md', 'h-11')} disabled={atLimit || create.isPending}>
          {create.isPending ? t('create.creating') : t('create.button')}
        </button>
      </div>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2 text-sm" disabled={atLimit}>
        <legend className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">{t('create.scopesLabel')}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="api-key-scope"
              value={scope}
              checked={scopes.includes(scope)}
              onChange={(e) =>
                setScopes((now) =>
                  e.target.checked
                    ? API_KEY_SCOPES.filter((s) => s === scope || now.includes(s))
                    : now.filter((s) => s !== scope),
                )
              }
            />
            {t(`scopes.${scope}`)}
          </label>
        ))}
      </fieldset>
    </form>
  );
}

function KeyList({ keys, loading }: { keys: ApiKey[]; loading: boolean }) {
  const { t } = useTranslation('automation');
  if (loading) return null;
  if (keys.length === 0) return <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('list.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800" aria-label={t('title')}>
      {keys.map((key) => (
        <KeyRow key={key.id} apiKey={key} />
      ))}
    </ul>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation('automation');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => automationApi.revokeKey(apiKey.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      void notify((toast) => toast.success(t('toasts.revoked')));
    },
    onError: (error) => toastError(t, error),
  });
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language, 'long') : t('list.never'));
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <dt className="sr-only">{t('list.name')}</dt>
          <dd className="truncate font-medium">{apiKey.name}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('list.prefix')}</dt>
          <dd className="font-mono">{apiKey.prefix}…</dd>
        </div>
        <div className="col-span-2 sm:col-span-4 sm:order-last">
          <dt className="sr-only">{t('create.scopesLabel')}</dt>
          <dd className="text-xs text-zinc-600 dark:text-zinc-400">
            {apiKey.scopes.map((scope) => t(`scopes.${scope}`)).join(' · ')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('list.created')}</dt>
          <dd>{date(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('list.lastUsed')}</dt>
          <dd>{date(apiKey.lastUsedAt)}</dd>
        </div>
      </dl>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('list.confirmRevoke', { name: apiKey.name })}</p>
          <button
            type="button"
            className={buttonClass('primary', 'sm', 'bg-red-600 hover:bg-red-700')}
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
          >
            {t('list.revoke')}
          </button>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setConfirming(false)}>
            {t('list.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={buttonClass('secondary', 'sm', 'self-start sm:self-auto')}
          aria-label={t('list.revokeLabel', { name: apiKey.name })}
          onClick={() => setConfirming(true)}
        >
          {t('list.revoke')}
        </button>
      )}
    </li>
  );
}

function WebhookSecret() {
  const { t, i18n } = useTranslation('automation');
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Fetched when first shown: the server makes the secret on its first request.
  const secret = useQuery({ queryKey: WEBHOOK_SECRET_QUERY_KEY, queryFn: automationApi.webhookSecret, enabled: shown });
  const rotate = useMutation({
    mutationFn: automationApi.rotateWebhookSecret,
    onSuccess: (next) => {
      queryClient.setQueryData(WEBHOOK_SECRET_QUERY_KEY, next);
      setShown(true);
      setConfirming(false);
      void notify((toast) => toast.success(t('webhook.rotated')));
    },
    onError: (error) => toastError(t, error),
  });
  return (
    <div className="flex flex-col gap-3 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <h3 className="text-base font-semibold">{t('webhook.title')}</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('webhook.body')}</p>
      <code
        data-testid="webhook-secret"
        className="rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all dark:bg-zinc-800"
      >
        {shown && secret.data ? secret.data.secret : 'whsec_••••••••••••••••••••••••'}
      </code>
      {secret.data?.previousSecretExpiresAt && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="webhook-previous-until">
          {t('webhook.previousUntil', {
            date: formatDate(secret.data.previousSecretExpiresAt, i18n.language, 'medium-time'),
          })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setShown(!shown)}>
          {shown ? t('webhook.hide') : t('webhook.show')}
        </button>
        {shown && secret.data && <CopyButton text={secret.data.secret} />}
        {confirming ? (
          <>
            <span className="text-sm text-zinc-700 dark:text-zinc-300">{t('webhook.confirmRotate')}</span>
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {t('webhook.rotate')}
            </button>
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setConfirming(false)}>
              {t('list.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setConfirming(true)}>
            {t('webhook.rotate')}
          </button>
        )}
      </div>
    </div>
  );
}
