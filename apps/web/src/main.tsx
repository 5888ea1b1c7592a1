import './lib/zod-config.ts';
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, queryClient } from './app/app.tsx';
import { readHydrationState } from './app/hydration-state.ts';
import { createAppRouter } from './app/router.tsx';
import { replayEarlyPresses } from './lib/early-presses.ts';
import { initI18n, setLanguage } from './lib/i18n.ts';
import { initialLanguage, mirrorLanguageCookie, storedLanguage } from './lib/language.ts';
import { yieldToMain } from './lib/next-task.ts';

// A public page arrives server-rendered with its data (ADR 0016): the browser starts in the
// language the server rendered in and with the same API answers, and hydrates that HTML.
// Other pages get the empty shell, with the session (and a tool page the tool catalogue), and
// render here. The shell's text (common, tools) and the page's own load before the first
// render, so no page ever shows raw keys.
async function start() {
  const state = readHydrationState();
  const root = document.getElementById('root')!;
  const rendered = state !== undefined && root.hasChildNodes();
  // The server's language over its markup; the browser's own choice over the shell.
  await initI18n(rendered ? state.language : initialLanguage()).catch(() => undefined);
  // Over a server-rendered page, which the visitor already reads and may tap, each step gets
  // a task of its own: together they were one long task on a phone.
  if (rendered) await yieldToMain();
  if (state) hydrate(queryClient, state.queries);
  const router = await createAppRouter();
  if (rendered) await yieldToMain();
  const app = (
    <StrictMode>
      <App router={router} hints={state?.hints} />
    </StrictMode>
  );
  if (rendered) {
    // In a transition React hydrates in slices of a few milliseconds that give way to input and
    // paint; outside one, each Suspense boundary was a single task, long on a phone (the page
    // is already painted and readable: its scripts start after the first paint). A press on a
    // part not hydrated yet still hydrates that part at once and is handled.
    startTransition(() => {
      hydrateRoot(root, app, {
        // What React could not hydrate (the server's HTML differed) it renders again; it says
        // so in the console, where the end-to-end tests look for it.
        onRecoverableError: (error) => console.error('Hydration error:', error),
      });
    });
    // React now listens on the root: a press it gets on a part not hydrated yet hydrates that
    // part at once and is then handled. Presses made before (public/hold-early-presses.js)
    // are made again now, and React does the same with each.
    void replayEarlyPresses();
  } else {
    void replayEarlyPresses();
    createRoot(root).render(app);
  }

  const stored = storedLanguage();
  if (!stored) return;
  // The server reads the choice from its cookie; a choice stored before there was one wins
  // here, and is mirrored for the next page.
  mirrorLanguageCookie(stored);
  if (rendered && stored !== state.language) await setLanguage(stored);
}

void start();
