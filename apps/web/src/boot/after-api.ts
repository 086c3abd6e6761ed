// A point where the evaluation of the shop's code lets the browser run its own tasks (main.tsx
// imports it between libraries): the build keeps the libraries in one file, which would otherwise
// be evaluated in one long task before the page can answer a tap.
await new Promise<void>((resolve) => setTimeout(resolve, 0));

export {};
