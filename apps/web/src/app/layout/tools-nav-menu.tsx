import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainUntilLoaded } from '../../components/ui/plain-until-loaded.tsx';
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
  const plain = (requestOpen: () => void) => (
    <nav aria-label={t('nav.primary')}>
      <ul className="flex items-center gap-1">
        <li>
          <button type="button" aria-expanded={false} className={AI_TOOLS_TRIGGER_CLASS} onClick={requestOpen}>
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
  return (
    <PlainUntilLoaded
      loadNow={load}
      plain={plain}
      loaded={(defaultOpen) => <ToolsNavDropdown defaultOpen={defaultOpen} />}
    />
  );
}
