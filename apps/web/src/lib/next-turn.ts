/**
 * Those waiting for a turn, first come first served, but for those put first (a part of the page
 * the shopper touched, lib/deferred-hydration.tsx). One queue for every piece of start-up work.
 */
const waiting: (() => void)[] = [];
let draining = false;

function drain() {
  const next = waiting.shift();
  if (!next) {
    draining = false;
    return;
  }
  // What awaited the turn runs now, in this task (its microtasks); the next turn is a task of its own.
  next();
  setTimeout(drain, 0);
}

/**
 * Runs `run` in a task of its own, after every turn asked for before it; `first`: before them
 * (moved there when it is waiting already). `run` waiting already and not `first`: nothing changes.
 */
export function takeTurn(run: () => void, { first = false }: { first?: boolean } = {}): void {
  const at = waiting.indexOf(run);
  if (at !== -1) {
    if (!first) return;
    waiting.splice(at, 1);
  }
  if (first) waiting.unshift(run);
  else waiting.push(run);
  if (draining) return;
  draining = true;
  setTimeout(drain, 0);
}

/**
 * Resolves in a task of its own, after every turn asked for before it: pieces of start-up work
 * that would otherwise run together in one long task (two sliders starting at once, a slider
 * starting and then re-rendering) take one short task each, and the browser handles input and
 * paints between them (decision 0027).
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => takeTurn(resolve));
}
