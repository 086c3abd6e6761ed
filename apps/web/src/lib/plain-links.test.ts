import { afterEach, describe, expect, it, vi } from 'vitest';

import { followPlainLinks } from './plain-links';

function link(html: string): HTMLAnchorElement {
  document.body.innerHTML = html;
  const anchor = document.querySelector('a');
  if (!anchor) throw new Error('no link');
  return anchor;
}

/** Clicks `target`; says whether the browser was kept from following the link (jsdom cannot). */
function click(target: Element, init: MouseEventInit = {}): { defaultPrevented: boolean } {
  let defaultPrevented = false;
  window.addEventListener(
    'click',
    (event) => {
      defaultPrevented = event.defaultPrevented;
      event.preventDefault();
    },
    { once: true },
  );
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return { defaultPrevented };
}

describe('followPlainLinks', () => {
  let stop = () => {};
  const navigate = vi.fn();
  const isRoute = (pathname: string) => pathname !== '/api/product' && !pathname.startsWith('/unknown');

  let live = true;

  afterEach(() => {
    live = true;
    stop();
    navigate.mockReset();
    document.body.innerHTML = '';
  });

  it('follows a plain same-origin link of a route in the app, once, and keeps the browser from loading it', () => {
    stop = followPlainLinks(navigate, isRoute, () => live);
    const event = click(link('<a href="/Baby?page=2"><span>Baby</span></a>').querySelector('span') as Element);
    expect(event.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/Baby?page=2');
  });

  it.each([
    ['another origin', '<a href="https://example.com/Baby">x</a>', {}],
    ['another window', '<a href="/Baby" target="_blank">x</a>', {}],
    ['a download', '<a href="/Baby" download>x</a>', {}],
    ['a link marked data-reload', '<a href="/Baby" data-reload>x</a>', {}],
    ['a path that is not a route', '<a href="/api/product">x</a>', {}],
    ['a place on this page', '<a href="#main">x</a>', {}],
    ['a click with Ctrl', '<a href="/Baby">x</a>', { ctrlKey: true }],
    ['a click of the middle button', '<a href="/Baby">x</a>', { button: 1 }],
  ])('leaves %s to the browser', (_name, html, init) => {
    stop = followPlainLinks(navigate, isRoute, () => live);
    const event = click(link(html), init);
    expect(event.defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves every link to the browser while the page is not live yet', () => {
    live = false;
    stop = followPlainLinks(navigate, isRoute, () => live);
    expect(click(link('<a href="/Baby">x</a>')).defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a link another handler took', () => {
    stop = followPlainLinks(navigate, isRoute, () => live);
    const anchor = link('<a href="/Baby">x</a>');
    anchor.addEventListener('click', (event) => event.preventDefault());
    click(anchor);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stops when told to', () => {
    followPlainLinks(navigate, isRoute, () => live)();
    expect(click(link('<a href="/Baby">x</a>')).defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
