import { TOOLS } from '@atelier/contracts';
import { ArrowRight } from 'lucide-react';
import { NavigationMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { ToolIconBadge } from '../../components/tool-icon.tsx';
import { useDemoTools } from '../../features/tools/index.ts';
import { toolHref } from '../../lib/tool-href.ts';
import { SUBMENU_OPEN_DELAY_MS } from '../../lib/ui-constants.ts';
import { AI_TOOLS_TRIGGER_CLASS, AiToolsTriggerContent, TOP_NAV_LINKS, TopNavLink } from './tools-nav-parts.tsx';

const DESKTOP_TOOLS = TOOLS.filter((tool) => tool.inDesktopMenu);

/**
 * The interactive desktop navigation on Radix's NavigationMenu: the AI Tools panel opens on
 * hover after SUBMENU_OPEN_DELAY_MS, on click, and by keyboard. Loaded after the first render.
 */
const AI_TOOLS_ITEM = 'ai-tools';

export default function ToolsNavDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation(['common', 'tools']);
  const demoTools = useDemoTools();
  return (
    <NavigationMenu.Root
      delayDuration={SUBMENU_OPEN_DELAY_MS}
      defaultValue={defaultOpen ? AI_TOOLS_ITEM : undefined}
      aria-label={t('nav.primary')}
      className="relative"
    >
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item value={AI_TOOLS_ITEM} className="relative">
          <NavigationMenu.Trigger className={AI_TOOLS_TRIGGER_CLASS}>
            <AiToolsTriggerContent />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="absolute top-full left-0 z-50 mt-2 w-[36rem] rounded-2xl border border-zinc-200 bg-white p-3 shadow-2xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/50">
            <ul className="grid grid-cols-2 gap-1">
              {DESKTOP_TOOLS.map((tool) => (
                <li key={tool.id}>
                  <NavigationMenu.Link asChild>
                    <Link
                      to={toolHref(tool)}
                      className="flex items-start gap-3 rounded-xl p-3 hover:bg-zinc-100 focus-visible:bg-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"
                    >
                      <ToolIconBadge id={tool.id} size="sm" className="mt-0.5" />
                      <span className="min-w-0">
                        <span className="flex items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
                          {t(`tools:${tool.id}.name`)}
                          {demoTools.has(tool.id) && <DemoBadge />}
                        </span>
                        <span className="mt-0.5 line-clamp-2 block text-xs text-zinc-500 dark:text-zinc-400">
                          {t(`tools:${tool.id}.description`)}
                        </span>
                      </span>
                    </Link>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
            <NavigationMenu.Link asChild>
              <Link
                to="/tools"
                className="mt-2 flex items-center justify-between rounded-xl bg-zinc-50 px-4 py-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:bg-zinc-800/60 dark:text-zinc-200 dark:hover:bg-zinc-800"
              >
                {t('nav.allTools')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </NavigationMenu.Link>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        {TOP_NAV_LINKS.map((link) => (
          <NavigationMenu.Item key={link.to}>
            <NavigationMenu.Link asChild>
              <TopNavLink {...link} />
            </NavigationMenu.Link>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  );
}
