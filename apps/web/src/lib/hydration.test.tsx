// @vitest-environment jsdom
import { act, fireEvent } from '@testing-library/react';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../components/ui/text-field.tsx';
import { useBrowserRendered } from './use-browser-rendered.ts';

// What React DOM does alone over a server-rendered page: a press made before hydrateRoot is
// lost unless it submits a form with an action (React replays those), and text typed before
// hydration does not reach the component's state without useTypedBeforeHydration. Real React hydration in jsdom, over the
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

afterEach(() => {
  hydrated.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
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

/** A form with an action, as a tool's run form is. */
function PromptForm({ onRun }: { onRun: (prompt: string) => void }) {
  return (
    <form action={(data) => onRun(String(data.get('prompt')))}>
      <input name="prompt" defaultValue="" />
      <button type="submit">Generate</button>
    </form>
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

  it("made on a form's submit button before the app has started is React's to replay: the action runs once, hydrated", async () => {
    const runs: string[] = [];
    const onRun = (prompt: string) => void runs.push(prompt);
    const container = serverRendered(<PromptForm onRun={onRun} />);
    // React's server HTML carries its own small script that keeps such submissions for hydration.
    for (const script of container.querySelectorAll('script')) new Function(script.textContent ?? '')();
    container.querySelector('input')!.value = 'a lighthouse';
    container.querySelector('button')!.click(); // while the scripts load
    expect(runs).toEqual([]);
    await act(async () => {
      hydrateRoot(container, <PromptForm onRun={onRun} />);
    });
    await vi.waitFor(() => expect(runs).toEqual(['a lighthouse']));
  });
});

/** A sign-in form as the credentials form builds it: a controlled field, a guarded button. */
function SignInForm({ onSubmit }: { onSubmit: (name: string) => void }) {
  const [name, setName] = useState('');
  const interactive = useBrowserRendered();
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
