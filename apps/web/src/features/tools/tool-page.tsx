import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toolPageMeta } from '../../app/page-meta.ts';
import { signedInPageHead } from '../../app/seo/head-tags.ts';
import { PageHeadTags } from '../../app/seo/page-head.tsx';
import { ToolIconBadge } from '../../components/tool-icon.tsx';
import { toolForPath } from '../../lib/tool-href.ts';
import { NotFoundPage } from '../errors/index.ts';
import { meQuery } from '../profile/index.ts';
import { toolCatalogueQuery } from './api/use-tool-catalogue.ts';
import { TOOL_PAGES } from './definitions/tool-definitions.ts';
import { ToolWorkspace } from './tool-workspace.tsx';

/** One page for every tool route; what differs between tools comes from TOOL_PAGES. */
export default function ToolPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation(['tools', 'seo']);
  // Reset remounts the workspace: every file, preview, result, prompt and progress goes at once.
  const [resets, setResets] = useState(0);
  // The balance and the engine notice sit at the top of the panel: the page waits for them (the
  // layout's spinner) rather than showing without them and pushing everything down when they come.
  useSuspenseQuery(toolCatalogueQuery);
  useSuspenseQuery(meQuery);
  const tool = toolForPath(pathname);
  if (!tool) return <NotFoundPage />;
  return (
    <>
      {/* The tab says which tool it is. */}
      <PageHeadTags head={signedInPageHead(toolPageMeta(t, tool.id))} />
      <ToolWorkspace
        // A new address (Continue with… into the same tool, Open in tool) is a fresh page too.
        key={`${tool.id}:${resets}:${search}`}
        definition={TOOL_PAGES[tool.id]}
        onReset={() => {
          // A page opened from another run starts empty after Reset, not from that run again.
          if (search) navigate(pathname, { replace: true });
          setResets((n) => n + 1);
        }}
        header={
          <header className="flex items-start gap-3">
            <ToolIconBadge id={tool.id} size="md" />
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight">{t(`${tool.id}.name`)}</h1>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`${tool.id}.description`)}</p>
            </div>
          </header>
        }
      />
    </>
  );
}
