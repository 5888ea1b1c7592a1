import { act, fireEvent } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KeptText } from '../components/kept-text.tsx';
import { StaticRegion } from '../components/static-region.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { replayEarlyPresses } from './early-presses.ts';
import { HydrationSlice, hydrateInSlices } from './hydration-slices.tsx';
import { useInteractive } from './use-hydrating.ts';

// The browser's half of ADR 0023 on real Preact hydration (jsdom): the markup below is what the
// server renders for the same components; `data-from` tells the server's nodes from new ones.

/** Lets queued tasks (the slices' messages, timers) and their microtasks run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

function mount(serverHtml: string) {
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  window.__releaseEarlyPresses?.();
  delete window.__releaseEarlyPresses;
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A page with a kept footer whose text the browser would render otherwise. */
function FooterPage() {
  const [language, setLanguage] = useState('en');
  return (
    <div>
      <button type="button" onClick={() => setLanguage('ja')}>
        switch
      </button>
      <StaticRegion as="footer" inputs={[language]}>
        <a href="/pricing">{language === 'en' ? 'Pricing (browser)' : '料金'}</a>
        <a href="/licenses.txt" data-document>
          Licences
        </a>
      </StaticRegion>
      <Where />
    </div>
  );
}

function PriceLine() {
  const [amount, setAmount] = useState(19);
  return (
    <p>
      <KeptText inputs={[amount]} text={() => `HK$${amount}`} />
      <button type="button" onClick={() => setAmount(190)}>
        yearly
      </button>
    </p>
  );
}

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-name={name} onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function SlicedPage() {
  return (
    <div>
      {['a', 'b', 'c'].map((name) => (
        <HydrationSlice key={name}>
          <Counter name={name} />
        </HydrationSlice>
      ))}
    </div>
  );
}

describe('StaticRegion', () => {
  const serverHtml =
    '<div><button type="button">switch</button><footer><a href="/pricing" data-from="server">Pricing</a>' +
    '<a href="/licenses.txt" data-document="true">Licences</a></footer><p data-testid="where">/</p></div>';

  it('keeps the server markup while hydrating, follows its links in the app, and renders once its inputs change', async () => {
    const container = mount(serverHtml);
    const router = createMemoryRouter([{ path: '*', element: <FooterPage /> }]);
    await act(async () => {
      hydrateInSlices(() => hydrateRoot(container, <RouterProvider router={router} />));
    });
    await settle();
    const link = container.querySelector('footer a')!;
    // Not rendered again: the server's text and node stay (the browser would have said "(browser)").
    expect(link.textContent).toBe('Pricing');
    expect(link.getAttribute('data-from')).toBe('server');

    // A plain click on the kept link is a navigation of the router, not of the document.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(router.state.location.pathname).toBe('/pricing');
    // Modifier keys and files the server serves are left to the browser.
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    const file = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    container.querySelectorAll('footer a')[1]!.dispatchEvent(file);
    expect(file.defaultPrevented).toBe(false);

    fireEvent.click(container.querySelector('button')!);
    await settle();
    expect(container.querySelector('footer a')!.textContent).toBe('料金');
  });
});

describe('KeptText', () => {
  it('keeps the server text until its inputs change', async () => {
    const container = mount('<p><span>HK$19 (server)</span><button type="button">yearly</button></p>');
    await act(async () => {
      hydrateInSlices(() => hydrateRoot(container, <PriceLine />));
    });
    await settle();
    expect(container.querySelector('span')!.textContent).toBe('HK$19 (server)');
    fireEvent.click(container.querySelector('button')!);
    await settle();
    expect(container.querySelector('span')!.textContent).toBe('HK$190');
  });
});

describe('hydrateInSlices', () => {
  it('hydrates each slice in a task of its own once the budget is spent, keeping the server nodes', async () => {
    const container = mount(
      '<div><button type="button" data-name="a">a 0</button><button type="button" data-name="b">b 0</button>' +
        '<button type="button" data-name="c">c 0</button></div>',
    );
    const serverButtons = [...container.querySelectorAll('button')];
    // Every reading of the clock is 10 ms later: each slice finds the task's budget spent.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 10));
    hydrateInSlices(() => hydrateRoot(container, <SlicedPage />));
    // Nothing hydrated yet in the first task: a click does nothing.
    fireEvent.click(serverButtons[2]!);
    expect(serverButtons[2]!.textContent).toBe('c 0');
    await settle();
    expect([...container.querySelectorAll('button')]).toEqual(serverButtons);
    for (const button of serverButtons) fireEvent.click(button);
    await settle();
    expect(serverButtons.map((button) => button.textContent)).toEqual(['a 1', 'b 1', 'c 1']);
  });
});

function SendForm({ onSubmit }: { onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <button type="submit">Send</button>
    </form>
  );
}

describe('presses before the page is hydrated', () => {
  // public/hold-early-presses.js, as the page's head runs it before anything else.
  const holdEarlyPresses = fs.readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/hold-early-presses.js'),
    'utf8',
  );

  it('are held while the page hydrates and done once, in order, when all of it is', async () => {
    const container = mount(
      '<div><button type="button" data-name="a">a 0</button><button type="button" data-name="b">b 0</button>' +
        '<button type="button" data-name="c">c 0</button></div>',
    );
    const elsewhere = mount('<a href="#elsewhere">elsewhere</a><button type="button" disabled>off</button>');
    new Function(holdEarlyPresses)();
    const [a, b, c] = [...container.querySelectorAll<HTMLButtonElement>('button')];
    const seen: string[] = [];
    document.body.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''));

    fireEvent.click(c!); // before the scripts have run
    // Every reading of the clock is 3 ms later: each task has time for one slice.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 3));
    hydrateInSlices(() => hydrateRoot(container, <SlicedPage />), replayEarlyPresses);
    // While the slices hydrate, on the first (hydrated in this task): held too, so done once.
    fireEvent.click(a!);
    fireEvent.click(a!);
    // Held: nothing of the page saw them.
    expect(seen).toEqual([]);
    // A link and a disabled button are the browser's, as always.
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    elsewhere.querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    expect(seen).toEqual(['elsewhere']);

    // Not in act(), which would put off Preact's renders to its end: in a page they follow in
    // microtasks, before the task that replays the presses.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([a, b, c].map((button) => button!.textContent)).toEqual(['a 2', 'b 0', 'c 1']);
    expect(seen).toEqual(['elsewhere', 'c 0', 'a 0', 'a 1']);
    // Holding is over: a press now is handled at once, and once.
    fireEvent.click(b!);
    expect(b!.textContent).toBe('b 1');
    await settle();
    expect(b!.textContent).toBe('b 1');
  });

  it('sends a form pressed before hydration through the app, not the browser', async () => {
    const onSubmit = vi.fn();
    const container = mount(renderToString(<SendForm onSubmit={onSubmit} />));
    new Function(holdEarlyPresses)();
    const submitted = vi.fn();
    container.addEventListener('submit', submitted);
    fireEvent.click(container.querySelector('button')!);
    expect(submitted).not.toHaveBeenCalled();
    hydrateInSlices(() => hydrateRoot(container, <SendForm onSubmit={onSubmit} />), replayEarlyPresses);
    await settle();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

/** A sign-in form as the credentials form builds it: a controlled field, a guarded button. */
function SignInForm({ onSubmit }: { onSubmit: (name: string) => void }) {
  const [name, setName] = useState('');
  const interactive = useInteractive();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <TextField label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <button type="submit" disabled={!interactive}>
        Sign in
      </button>
    </form>
  );
}

describe('a form used before it is hydrated', () => {
  it('keeps the text typed before hydration, and takes a submission only once hydrated', async () => {
    const onSubmit = vi.fn();
    // The server's markup, rendered by the server's renderer.
    const container = mount(renderToString(<SignInForm onSubmit={onSubmit} />));
    const field = container.querySelector('input')!;
    const button = container.querySelector('button')!;
    expect(button.disabled).toBe(true);
    field.value = 'ada'; // typed while the scripts load
    hydrateInSlices(() => hydrateRoot(container, <SignInForm onSubmit={onSubmit} />));
    await settle();
    expect(button.disabled).toBe(false);
    expect(field.value).toBe('ada');
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledWith('ada');
  });
});
