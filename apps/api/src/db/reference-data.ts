import { createRequire } from 'node:module';

interface StateEntry {
  state: string;
  alias: string;
  lgas: string[];
}

const require = createRequire(import.meta.url);

/**
 * All 36 states and the Federal Capital Territory with their 774 LGAs, from the
 * nigerian-states-and-lgas package, with its misspelling of Katsina corrected and the
 * alias per state (the FCT's is `abuja`).
 */
export function nigerianStates(): StateEntry[] {
  const source = require('nigerian-states-and-lgas') as { all(): { state: string; lgas: string[] }[] };
  return source.all().map(({ state, lgas }) => {
    const name = state === 'Kastina' ? 'Katsina' : state;
    const alias = name === 'Federal Capital Territory' ? 'abuja' : name.toLowerCase().replace(/\s+/g, '_');
    return { state: name, alias, lgas: [...new Set(lgas)] };
  });
}
