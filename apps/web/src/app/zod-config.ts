// Zod (the contracts' validation, in the form and cart pages) probes whether it may compile
// parsers with `new Function`; under the shop's Content-Security-Policy (`script-src 'self'`, no
// eval) that probe is a CSP violation the browser reports. Zod reads this global config when it
// loads: `jitless` makes it parse without compiling, and without the probe. Set before any page
// chunk (and so Zod) loads; imported first by main.tsx.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
