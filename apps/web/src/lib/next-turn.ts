/** Those waiting for a turn, first come first served. */
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
 * Resolves in a task of its own, after every turn asked for before it: pieces of start-up work
 * that would otherwise run together in one long task (two sliders starting at once, a slider
 * starting and then re-rendering) take one short task each, and the browser handles input and
 * paints between them (decision 0027).
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (draining) return;
    draining = true;
    setTimeout(drain, 0);
  });
}
