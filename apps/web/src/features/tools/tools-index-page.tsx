import { TOOLS } from '@atelier/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { ToolIconBadge } from '../../components/tool-icon.tsx';
import { useToolCostLabel } from '../../components/use-tool-cost-label.ts';
import { toolHref } from '../../lib/tool-href.ts';
import { useToolCatalogue } from './api/use-tool-catalogue.ts';

/** /tools: every tool with what a run costs and the engine that serves it now ("Demo": free placeholders). */
export default function ToolsIndexPage() {
  const { t } = useTranslation(['tools', 'tool-run']);
  const costLabel = useToolCostLabel();
  const catalogue = useToolCatalogue();
  const engineOf = (id: string) => catalogue.data?.tools.find((tool) => tool.id === id)?.engine;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('index.title')}</h1>
      <p className="mt-3 text-lg text-zinc-600 dark:text-zinc-400">{t('index.subtitle')}</p>
      <ul className="mt-10 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {TOOLS.map((tool) => {
          const engine = engineOf(tool.id);
          return (
            <li key={tool.id}>
              <Link
                to={toolHref(tool)}
                className="flex items-center gap-4 p-4 hover:bg-zinc-50 sm:p-5 dark:hover:bg-zinc-900"
              >
                <ToolIconBadge id={tool.id} size="md" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{t(`${tool.id}.name`)}</span>
                  <span className="block text-sm text-zinc-600 dark:text-zinc-400">{t(`${tool.id}.description`)}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1 text-sm">
                  <span className="font-medium text-zinc-700 dark:text-zinc-300">
                    {costLabel(tool, engine?.kind === 'demo')}
                  </span>
                  {engine?.kind === 'demo' && <DemoBadge />}
                  {engine && engine.kind !== 'demo' && (
                    <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                      {t(`tool-run:engineKind.${engine.kind}`)}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
