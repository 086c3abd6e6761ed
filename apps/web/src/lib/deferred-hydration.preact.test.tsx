// Runs on Preact (vitest.preact.config.ts), as the built shop does: `react` here is preact/compat.
import { type ReactNode, useId, version } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DEFERRED_ATTRIBUTE, DeferHydration, PARTS_WAIT_FOR_VIEW } from './deferred-hydration';
import { EARLY_EVENT } from './early-events';
import { HydrationCommitted, HydrationProvider, useHydrated } from './use-hydrated';

/** An IntersectionObserver the test moves: `show(element)` reports it near the viewport. */
const observers: { callback: IntersectionObserverCallback; targets: Set<Element> }[] = [];
class TestIntersectionObserver {
  private readonly entry: { callback: IntersectionObserverCallback; targets: Set<Element> };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, targets: new Set() };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  unobserve(target: Element) {
    this.entry.targets.delete(target);
  }
  disconnect() {
    this.entry.targets.clear();
  }
  takeRecords() {
    return [];
  }
}
vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);

function show(element: Element) {
  for (const { callback, targets } of observers) {
    if (targets.has(element)) callback([{ target: element, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}

/** Waits (polling) until `check` passes, up to 2 s. */
async function eventually(check: () => void): Promise<void> {
  const until = Date.now() + 2000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/**
 * A button saying whether it is live. It takes an id too: a part's content, hydrated later than
 * the page around it, takes its ids later, so parts must not be told apart by theirs.
 */
function Labelled({ name }: { name: string }) {
  const id = useId();
  return (
    <button type="button" data-id={id}>
      {`${name} ${useHydrated() ? 'live' : 'as served'}`}
    </button>
  );
}

/** A page of three parts, a button in each; the last hydrates eagerly (as the header's do). */
function Page({ extra }: { extra?: ReactNode }) {
  return (
    <HydrationProvider serverRendered>
      <DeferHydration>
        <Labelled name="first" />
      </DeferHydration>
      <DeferHydration>
        <Labelled name="second" />
      </DeferHydration>
      <DeferHydration hydrate="eager">
        <Labelled name="header" />
      </DeferHydration>
      {extra}
      <HydrationCommitted />
    </HydrationProvider>
  );
}

describe('DeferHydration on Preact, as the built shop runs', () => {
  let root: Root | undefined;
  afterEach(() => {
    root?.unmount();
    root = undefined;
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-hydration-committed');
  });

  /** The page rendered as the server does, then hydrated: its three parts' elements. */
  function serve() {
    const browserWindow = window;
    vi.stubGlobal('window', undefined);
    let html = '';
    try {
      html = renderToString(<Page />);
    } finally {
      vi.stubGlobal('window', browserWindow);
    }
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const parts = [...container.querySelectorAll(`[${DEFERRED_ATTRIBUTE}]`)];
    expect(parts.map((part) => part.getAttribute(DEFERRED_ATTRIBUTE))).toEqual(['pending', 'pending', 'pending']);
    root = hydrateRoot(container, <Page />);
    return parts as [Element, Element, Element];
  }

  const button = (name: string) => [...document.querySelectorAll('button')].find((element) => element.textContent?.startsWith(`${name} `))!;

  it('leaves parts waiting to be seen', () => {
    expect(version).toMatch(/^18\./);
    expect(PARTS_WAIT_FOR_VIEW).toBe(true);
  });

  it('hydrates a part once it comes near the viewport and an eager one at once; the others keep their markup as served', async () => {
    const [first, second, header] = serve();
    await eventually(() => expect(header.getAttribute(DEFERRED_ATTRIBUTE)).toBe('live'));
    expect(button('header').textContent).toBe('header live');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.getAttribute(DEFERRED_ATTRIBUTE)).toBe('pending');
    expect(second.getAttribute(DEFERRED_ATTRIBUTE)).toBe('pending');
    expect(button('first').textContent).toBe('first as served');

    show(button('second'));
    await eventually(() => expect(second.getAttribute(DEFERRED_ATTRIBUTE)).toBe('live'));
    expect(button('second').textContent).toBe('second live');
    expect(first.getAttribute(DEFERRED_ATTRIBUTE)).toBe('pending');
    expect(first.isConnected && button('first').isConnected).toBe(true);
  });

  it('hydrates a part the shopper touched first: a press held on it, or the focus arriving', async () => {
    const [first, second] = serve();
    window.dispatchEvent(new CustomEvent(EARLY_EVENT, { detail: button('first') }));
    await eventually(() => expect(first.getAttribute(DEFERRED_ATTRIBUTE)).toBe('live'));
    expect(second.getAttribute(DEFERRED_ATTRIBUTE)).toBe('pending');
    button('second').focus();
    await eventually(() => expect(second.getAttribute(DEFERRED_ATTRIBUTE)).toBe('live'));
    expect(button('second').textContent).toBe('second live');
  });
});
