import type { ToolDefinition } from '@atelier/contracts';
import { ArrowRight, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { useToolCostLabel } from '../../components/use-tool-cost-label.ts';
import { loginHref } from '../../lib/redirect-target.ts';
import { toolHref } from '../../lib/tool-href.ts';

/**
 * A tool on the home page; a tool the demo engine serves here is marked so, and free. Signed-in
 * users go to the tool; visitors go to /login — its create-account form, which comes back to
 * the tool once the account exists — and the action reads "Login required".
 * The whole card is clickable through the link's stretched ::after, while the link itself
 * stays the one focus stop.
 */
export function ToolCard({ tool, signedOut, demo }: { tool: ToolDefinition; signedOut: boolean; demo: boolean }) {
  const { t } = useTranslation(['home', 'tools']);
  const costLabel = useToolCostLabel();
  const name = t(`tools:${tool.id}.name`);
  return (
    <article className="group relative flex flex-col rounded-2xl border border-zinc-200 bg-white p-6 transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-xl hover:shadow-brand-900/5 has-[a:focus-visible]:border-brand-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-700 dark:hover:shadow-black/30">
      <div className="flex items-start justify-between gap-4">
        <span className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-brand-100 to-pink-100 text-brand-700 dark:from-brand-950 dark:to-pink-950 dark:text-brand-300">
          <ToolIcon id={tool.id} className="size-5" />
        </span>
        <span className="flex flex-wrap items-center justify-end gap-1.5">
          {demo && <DemoBadge className="py-1" />}
          <span className="rounded-full bg-zinc-100 px-2.5 py-1 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
            {costLabel(tool, demo)}
          </span>
        </span>
      </div>
      <h3 className="mt-5 text-base font-semibold text-zinc-900 dark:text-zinc-50">{name}</h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        {t(`tools:${tool.id}.description`)}
      </p>
      <Link
        to={signedOut ? loginHref({ next: toolHref(tool), signUp: true }) : toolHref(tool)}
        className="mt-5 inline-flex items-center gap-1.5 self-start rounded-full text-sm font-medium text-brand-700 after:absolute after:inset-0 after:rounded-2xl dark:text-brand-300"
      >
        {signedOut ? (
          <>
            <Lock aria-hidden="true" className="size-3.5" />
            {t('home:card.loginRequired')}
          </>
        ) : (
          <>
            {t('home:card.open')}
            <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </>
        )}
        <span className="sr-only">: {name}</span>
      </Link>
    </article>
  );
}
