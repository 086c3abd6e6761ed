import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { EARLY_EVENT, EARLY_EVENTS_GLOBAL, type EarlyEvents, startEarlyEvents } from './early-events';

/** A tick for the MutationObserver that replays what is held. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('presses held until their part is live (the inline early-event script)', () => {
  beforeAll(() => {
    startEarlyEvents(window);
  });

  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-hydrated');
  });

  /** A server-rendered page: `#root` with one part, waiting, holding `html`. */
  function page(html: string): HTMLElement {
    document.body.innerHTML = `<div id="root"><div data-deferred-hydration="pending">${html}</div></div>`;
    return document.querySelector('[data-deferred-hydration]')!;
  }

  it('holds a click on a button of a part not yet live, says it is busy, and replays it once when the part is live', async () => {
    const part = page('<button type="button">Add</button>');
    const button = part.querySelector('button')!;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    const touched = vi.fn();
    window.addEventListener(EARLY_EVENT, touched);

    button.click();
    button.click();
    expect(clicks).not.toHaveBeenCalled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(touched).toHaveBeenCalledTimes(1);
    expect((window as unknown as Record<string, EarlyEvents>)[EARLY_EVENTS_GLOBAL]!.waitsIn(part)).toBe(true);

    // The page alone is not enough: the part must be live too.
    document.documentElement.setAttribute('data-hydrated', 'true');
    await settle();
    expect(clicks).not.toHaveBeenCalled();
    part.setAttribute('data-deferred-hydration', 'live');
    await settle();
    // The second press was one a busy control ignores: one click.
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('aria-busy');
    window.removeEventListener(EARLY_EVENT, touched);
  });

  it('replays every press of a control each of whose presses counts', async () => {
    const part = page('<button type="button" data-replay-each>Next</button>');
    const button = part.querySelector('button')!;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    button.click();
    button.click();
    document.documentElement.setAttribute('data-hydrated', 'true');
    part.setAttribute('data-deferred-hydration', 'live');
    await settle();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('leaves live controls, links and forms with an action to the page', async () => {
    document.body.innerHTML =
      '<div id="root"><div data-deferred-hydration="live"><button type="button">Live</button></div>' +
      '<form action="/search"><button type="submit">Search</button></form></div>';
    document.documentElement.setAttribute('data-hydrated', 'true');
    const live = vi.fn();
    document.querySelector('button')!.addEventListener('click', live);
    document.querySelector('button')!.click();
    expect(live).toHaveBeenCalledTimes(1);
    document.documentElement.removeAttribute('data-hydrated');
    const submit = document.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    submit.form!.addEventListener('submit', submitted);
    submit.click();
    expect(submit).not.toHaveAttribute('aria-busy');
    expect(submitted).toHaveBeenCalledTimes(1);
    await settle();
  });

  it('replays a held click on an element marked to hold its presses where it landed', async () => {
    const part = page('<div data-hold-press><img alt="picture"></div>');
    const image = part.querySelector('img')!;
    const points: [number, number][] = [];
    image.addEventListener('click', (event) => points.push([event.clientX, event.clientY]));
    image.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 40, clientY: 60 }));
    expect(points).toEqual([]);
    document.documentElement.setAttribute('data-hydrated', 'true');
    part.setAttribute('data-deferred-hydration', 'live');
    await settle();
    expect(points).toEqual([[40, 60]]);
  });

  it('holds the submission of a form without an action and submits it again once live', async () => {
    const part = page('<form><input name="q" value="milk"><button type="submit">Go</button></form>');
    const form = part.querySelector('form')!;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.requestSubmit(part.querySelector('button'));
    form.addEventListener('submit', submitted);
    expect(submitted).not.toHaveBeenCalled();
    document.documentElement.setAttribute('data-hydrated', 'true');
    part.setAttribute('data-deferred-hydration', 'live');
    await settle();
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
