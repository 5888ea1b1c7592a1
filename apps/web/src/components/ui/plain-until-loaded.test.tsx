// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { type ComponentType, lazy } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainUntilLoaded } from './plain-until-loaded.tsx';

type Full = ComponentType<{ defaultOpen: boolean }>;

/** A lazily loaded full version whose code arrives when the test says. */
function fullVersion() {
  let arrive: (module: { default: Full }) => void = () => undefined;
  const Component = lazy(() => new Promise<{ default: Full }>((resolve) => (arrive = resolve)));
  const code: Full = ({ defaultOpen }) => <p>{defaultOpen ? 'menu, open' : 'menu, closed'}</p>;
  return { Component, arrive: () => act(async () => arrive({ default: code })) };
}

let container: HTMLElement;
let root: Root | undefined;

/** Server HTML of `ui`, then hydrated by React as a page is. */
async function serverRenderedAndHydrated(ui: React.ReactElement) {
  container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(ui);
  const serverButton = container.querySelector('button')!;
  await act(async () => {
    root = hydrateRoot(container, ui);
  });
  return serverButton;
}

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe('PlainUntilLoaded', () => {
  const ui = (Full: Full) => (
    <PlainUntilLoaded
      loadNow
      plain={(requestOpen) => (
        <button type="button" onClick={requestOpen}>
          menu
        </button>
      )}
      loaded={(defaultOpen) => <Full defaultOpen={defaultOpen} />}
    />
  );

  it('keeps the very button of the server’s HTML until the full version’s code is in; a press on it opens that version open', async () => {
    const full = fullVersion();
    const serverButton = await serverRenderedAndHydrated(ui(full.Component));
    // Hydrated, and the full version asked for: the pressed element is still the page's, so a
    // press held while the page loaded and made again now reaches a handler.
    expect(container.querySelector('button')).toBe(serverButton);
    fireEvent.click(serverButton);
    await full.arrive();
    expect(container.textContent).toBe('menu, open');
  });

  it('shows the full version closed once its code is in when nobody pressed', async () => {
    const full = fullVersion();
    await serverRenderedAndHydrated(ui(full.Component));
    await full.arrive();
    expect(container.textContent).toBe('menu, closed');
  });
});
