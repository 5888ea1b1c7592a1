import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { AI_TOOLS_TRIGGER_CLASS, AiToolsTriggerContent, TOP_NAV_LINKS, TopNavLink } from './tools-nav-parts.tsx';

const ToolsNavDropdown = lazy(() => import('./tools-nav-dropdown.tsx'));

/**
 * Desktop navigation: the AI Tools dropdown (10 tools), the gallery and pricing links. Until the Radix
 * dropdown has loaded (right after the first render, once `loadAt` matches: the desktop layout
 * is on screen) the same controls show as plain ones; a click on them loads it too.
 */
export function ToolsNavMenu({ loadAt }: { loadAt: string }) {
  const { t } = useTranslation('common');
  const load = useMediaQuery(loadAt) === true;
  const [openRequested, requestOpen] = useState(false); // a click before the dropdown loaded
  const plain = (
    <nav aria-label={t('nav.primary')}>
      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            aria-expanded={false}
            className={AI_TOOLS_TRIGGER_CLASS}
            onClick={() => requestOpen(true)}
          >
            <AiToolsTriggerContent />
          </button>
        </li>
        {TOP_NAV_LINKS.map((link) => (
          <li key={link.to}>
            <TopNavLink {...link} />
          </li>
        ))}
      </ul>
    </nav>
  );
  if (!load && !openRequested) return plain;
  return (
    <Suspense fallback={plain}>
      <ToolsNavDropdown defaultOpen={openRequested} />
    </Suspense>
  );
}
