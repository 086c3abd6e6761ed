/**
 * Taps, clicks and key presses on a server-rendered page before the part they land in is live
 * (docs/decisions/0024-no-lost-interaction.md). The build inlines `startEarlyEvents` into the
 * head of every page (vite/early-events.ts), so it runs before any markup is painted and before
 * the shop's scripts have arrived: it must stay self-contained (no imports, nothing from the
 * rest of the shop), small, and written for every browser the shop supports.
 *
 * A press on a control (a button) whose part is not live yet is held: the control is marked busy
 * (`aria-busy="true"` and `data-early-pending`, which the page's style shows) and the press is
 * replayed with `click()` on the same element once its part is live. The app says when that is
 * by the attributes it sets anyway: `<html data-hydrated>` for the page, `data-deferred-hydration="live"`
 * on a part that hydrates later (lib/deferred-hydration.tsx). A form without an `action` is held
 * the same way and submitted again with `requestSubmit()`. Links and forms that have an `action`
 * work without scripts, so they are left to the browser.
 */

/** What the inline script offers the app, as `window.dukkanEarlyEvents`. */
export interface EarlyEvents {
  /** Whether a held press waits on a control inside `element` (the app hydrates that part first). */
  waitsIn(element: Element): boolean;
  /** Replays what is held on controls that are live now; the script calls it itself when a part turns live. */
  flush(): void;
}

/** The attribute of a control whose press is held. */
export const EARLY_PENDING_ATTRIBUTE = 'data-early-pending';
/** A control each of whose presses counts (a carousel arrow, an accordion): every held press is replayed. */
export const REPLAY_EACH_ATTRIBUTE = 'data-replay-each';
/**
 * An element, not a button, whose clicks are held too (the product picture that zooms where it is
 * clicked): replayed on the element clicked, at the same point.
 */
export const HOLD_PRESS_ATTRIBUTE = 'data-hold-press';
/** The event the script sends on `window` when it holds a press; its `target` chain starts at the control. */
export const EARLY_EVENT = 'dukkan:early-press';
/** The `window` property the script sets. */
export const EARLY_EVENTS_GLOBAL = 'dukkanEarlyEvents';

/** A press held until its part is live: the control (or the form), whether it submits a form, and where it landed. */
interface HeldPress {
  control: Element;
  submit: boolean;
  target: EventTarget | null;
  x: number;
  y: number;
}

/** Installs the listeners on `win`'s document. Inlined by the build; also called by the unit tests. */
export function startEarlyEvents(win: Window): void {
  const doc = win.document;
  const root = doc.documentElement;
  let held: HeldPress[] = [];

  const isLive = (element: Element) =>
    root.hasAttribute('data-hydrated') && !element.closest('[data-deferred-hydration]:not([data-deferred-hydration="live"])');

  /** The control a press on `target` is for: an enabled button of the shop's page. */
  function controlOf(target: EventTarget | null): Element | null {
    const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
    const control = element?.closest(`button, [role="button"], [${HOLD_PRESS_ATTRIBUTE}]`);
    if (!control || control.hasAttribute('disabled') || !doc.getElementById('root')?.contains(control)) return null;
    return control;
  }

  /** A submit button of a form that works without scripts (it has an `action`): the browser submits it. */
  const submitsNatively = (control: Element) =>
    control instanceof HTMLButtonElement && control.type === 'submit' && control.form?.hasAttribute('action') === true;

  function mark(control: Element, busy: boolean) {
    if (busy) {
      control.setAttribute('aria-busy', 'true');
      control.setAttribute(EARLY_PENDING_ATTRIBUTE, '');
    } else {
      control.removeAttribute('aria-busy');
      control.removeAttribute(EARLY_PENDING_ATTRIBUTE);
    }
  }

  function hold(event: Event, control: Element, submit: boolean) {
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second press where a live control would ignore it (it is busy then) adds nothing.
    if (held.some((press) => press.control === control) && !control.hasAttribute(REPLAY_EACH_ATTRIBUTE)) return;
    const point = event instanceof MouseEvent ? event : undefined;
    held.push({ control, submit, target: event.target, x: point?.clientX ?? 0, y: point?.clientY ?? 0 });
    mark(control, true);
    win.dispatchEvent(new CustomEvent<Element>(EARLY_EVENT, { detail: control }));
  }

  function replay({ control, submit, target, x, y }: HeldPress) {
    if (!held.some((press) => press.control === control)) mark(control, false);
    if (!submit && control.hasAttribute(HOLD_PRESS_ATTRIBUTE) && target instanceof Element && control.contains(target)) {
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: x, clientY: y }));
      return;
    }
    if (!submit) {
      (control as HTMLElement).click();
      return;
    }
    const submitter = control instanceof HTMLButtonElement ? control : undefined;
    const form = control instanceof HTMLFormElement ? control : submitter?.form;
    form?.requestSubmit(submitter);
  }

  function flush() {
    const waiting = held.filter((press) => press.control.isConnected);
    held = waiting.filter((press) => !isLive(press.control));
    waiting.filter((press) => isLive(press.control)).forEach(replay);
  }

  doc.addEventListener(
    'click',
    (event) => {
      const control = controlOf(event.target);
      if (control && !isLive(control) && !submitsNatively(control)) hold(event, control, false);
    },
    true,
  );
  // A native button turns Enter and Space into a click; an element with role="button" needs its script.
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const control = controlOf(event.target);
      if (control && !(control instanceof HTMLButtonElement) && !isLive(control)) hold(event, control, false);
    },
    true,
  );
  // A form without an `action` would reload the page: its submission waits for its part too.
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.hasAttribute('action') || isLive(form)) return;
      const { submitter } = event;
      hold(event, submitter && form.contains(submitter) ? submitter : form, true);
    },
    true,
  );

  // The app marks what turns live; what is held there is replayed right after (a microtask later).
  new MutationObserver(flush).observe(root, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'data-deferred-hydration'] });

  const api: EarlyEvents = {
    waitsIn: (element) => held.some((press) => element.contains(press.control)),
    flush,
  };
  Object.assign(win, { [EARLY_EVENTS_GLOBAL]: api });
}
