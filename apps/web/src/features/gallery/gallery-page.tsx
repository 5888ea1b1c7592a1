import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../auth/index.ts';
import { useWorkspaceTeam } from '../teams/index.ts';
import { ArtworkFeed } from './artwork-feed.tsx';
import { MasonrySkeleton } from './masonry-grid.tsx';

const TAB_CLASS =
  'rounded-full px-4 py-1.5 text-sm font-medium text-zinc-600 transition-colors hover:text-zinc-900 data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-sm dark:text-zinc-400 dark:hover:text-white dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-white';

type Tab = 'public' | 'mine' | 'team';

/** The tab the address asks for, when the viewer can see it; else the public gallery. */
function tabOf(asked: string | null, signedIn: boolean, inTeam: boolean): Tab {
  if (asked === 'mine' && signedIn) return 'mine';
  if (asked === 'team' && inTeam) return 'team';
  return 'public';
}

/**
 * /gallery: the public gallery (20 artworks a page) for everyone, a my-artworks tab for a
 * signed-in user, and a team tab (the team's library) while the workspace switcher has a team
 * selected. The tab is in the address (?tab=mine, ?tab=team) so it survives a reload and a link.
 */
export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const viewerId = session.user?.id ?? null;
  const team = useWorkspaceTeam();
  const tab = tabOf(params.get('tab'), viewerId !== null, team !== undefined);
  const selectTab = (value: string) => setParams(value === 'public' ? {} : { tab: value }, { replace: true });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t('subtitle')}</p>
      </header>
      <Tabs.Root value={tab} onValueChange={selectTab}>
        {viewerId && (
          <Tabs.List
            aria-label={t('tabs.label')}
            className="mb-6 inline-flex gap-1 rounded-full bg-zinc-100 p-1 dark:bg-zinc-900"
          >
            <Tabs.Trigger value="public" className={TAB_CLASS}>
              {t('tabs.public')}
            </Tabs.Trigger>
            <Tabs.Trigger value="mine" className={TAB_CLASS}>
              {t('tabs.mine')}
            </Tabs.Trigger>
            {team && (
              <Tabs.Trigger value="team" className={TAB_CLASS}>
                {t('tabs.team', { name: team.name })}
              </Tabs.Trigger>
            )}
          </Tabs.List>
        )}
        {/* The session decides whether likes are shown as the viewer's; wait for it once. */}
        {session.status === 'loading' ? (
          <MasonrySkeleton label={t('loading', { ns: 'common' })} />
        ) : (
          <>
            <Tabs.Content value="public" className="outline-none">
              <ArtworkFeed kind="public" viewerId={viewerId} />
            </Tabs.Content>
            {viewerId && (
              <Tabs.Content value="mine" className="outline-none">
                <ArtworkFeed kind="mine" viewerId={viewerId} />
              </Tabs.Content>
            )}
            {viewerId && team && (
              <Tabs.Content value="team" className="outline-none">
                <ArtworkFeed kind="team" viewerId={viewerId} team={team} />
              </Tabs.Content>
            )}
          </>
        )}
      </Tabs.Root>
    </div>
  );
}
