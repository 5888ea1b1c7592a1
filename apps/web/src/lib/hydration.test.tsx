import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, fireEvent } from '@testing-library/react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../components/ui/text-field.tsx';
import { replayEarlyPresses } from './early-presses.ts';
import { useHydrated } from './use-hydrating.ts';

// What React DOM does alone over a server-rendered page, and the two things it cannot see
// (ADR 0030): a press made before the entry script has called hydrateRoot, and text typed
// before hydration reaching the component's state. Real React hydration in jsdom, over the
// markup React's server renderer makes of the same components.

/** The counters whose effects have run: hydrated and committed (an effect runs only in the browser). */
const hydrated = new Set<string>();
/** Waits until React has hydrated and committed each counter named. */
const untilHydrated = (...names: string[]) => vi.waitFor(() => expect([...hydrated].sort()).toEqual(names));

/** The server's HTML of `element`, in the page. */
function serverRendered(element: ReactNode) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

// public/hold-early-presses.js, as the page's head runs it before anything else.
const holdEarlyPresses = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/hold-early-presses.js'),
  'utf8',
);

afterEach(() => {
  hydrated.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  window.__releaseEarlyPresses?.();
  delete window.__releaseEarlyPresses;
});

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    hydrated.add(name);
  }, [name]);
  return (
    <button type="button" data-name={name} onClick={() => setCount(count + 1)}>
      {`${name} ${count}`}
    </button>
  );
}

/** Three counters, each in a Suspense boundary of its own, as the app's page and top bar are. */
function CounterPage() {
  return (
    <div>
      {['a', 'b', 'c'].map((name) => (
        <Suspense key={name} fallback={null}>
          <Counter name={name} />
        </Suspense>
      ))}
    </div>
  );
}

describe('a press on a server-rendered page', () => {
  it('made once React hydrates, on a part not hydrated yet, is handled by React itself, once', async () => {
    const container = serverRendered(<CounterPage />);
    const [a, b, c] = [...container.querySelectorAll('button')];
    hydrateRoot(container, <CounterPage />);
    // Nothing is hydrated yet (React works in later tasks): the press makes React hydrate
    // what it lands on at once, and then handles it.
    fireEvent.click(c!);
    expect(c!.textContent).toBe('c 1');
    await untilHydrated('a', 'b', 'c');
    expect([a, b, c].map((button) => button!.textContent)).toEqual(['a 0', 'b 0', 'c 1']);
    // The server's nodes are the hydrated ones.
    expect([...container.querySelectorAll('button')]).toEqual([a, b, c]);
  });

  it('made before the app has started is lost to React alone', async () => {
    const container = serverRendered(<CounterPage />);
    const c = container.querySelector<HTMLButtonElement>('[data-name="c"]')!;
    fireEvent.click(c); // while the scripts load: no listener anywhere yet
    hydrateRoot(container, <CounterPage />);
    await untilHydrated('a', 'b', 'c');
    expect(c.textContent).toBe('c 0');
  });

  it('made before the app has started is held, then made again once React listens: once, in order', async () => {
    const container = serverRendered(<CounterPage />);
    const elsewhere = document.createElement('div');
    elsewhere.innerHTML = '<a href="#elsewhere">elsewhere</a><button type="button" disabled>off</button>';
    document.body.append(elsewhere);
    new Function(holdEarlyPresses)();
    const [a, b, c] = [...container.querySelectorAll<HTMLButtonElement>('button')];
    const seen: string[] = [];
    document.body.addEventListener('click', (event) => seen.push((event.target as Element).textContent ?? ''));

    fireEvent.click(c!);
    fireEvent.click(a!);
    fireEvent.click(a!);
    // Held: nothing of the page saw them.
    expect(seen).toEqual([]);
    // A link is the browser's, as always.
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    elsewhere.querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    expect(seen).toEqual(['elsewhere']);

    hydrateRoot(container, <CounterPage />);
    await act(() => replayEarlyPresses());
    await untilHydrated('a', 'b', 'c');
    expect([a, b, c].map((button) => button!.textContent)).toEqual(['a 2', 'b 0', 'c 1']);
    expect(seen).toEqual(['elsewhere', 'c 0', 'a 0', 'a 1']);
    // Holding is over: a press now is handled at once, and once.
    fireEvent.click(b!);
    expect(b!.textContent).toBe('b 1');
  });

  it('on a submit button before the app has started sends its form through the app, not the browser', async () => {
    const onSubmit = vi.fn();
    const form = (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <button type="submit">Send</button>
      </form>
    );
    const container = serverRendered(form);
    new Function(holdEarlyPresses)();
    const submitted = vi.fn();
    container.addEventListener('submit', submitted);
    fireEvent.click(container.querySelector('button')!);
    expect(submitted).not.toHaveBeenCalled();
    hydrateRoot(container, form);
    await act(() => replayEarlyPresses());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

/** A sign-in form as the credentials form builds it: a controlled field, a guarded button. */
function SignInForm({ onSubmit }: { onSubmit: (name: string) => void }) {
  const [name, setName] = useState('');
  const interactive = useHydrated();
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
  it('keeps the text typed before hydration in its state, and takes a submission only once hydrated', async () => {
    const onSubmit = vi.fn();
    const container = serverRendered(<SignInForm onSubmit={onSubmit} />);
    const field = container.querySelector('input')!;
    const button = container.querySelector('button')!;
    expect(button.disabled).toBe(true);
    field.value = 'ada'; // typed while the scripts load
    hydrateRoot(container, <SignInForm onSubmit={onSubmit} />);
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    expect(field.value).toBe('ada');
    fireEvent.click(button);
    // In the state, not only in the element: what the form sends.
    expect(onSubmit).toHaveBeenCalledWith('ada');
  });
});
