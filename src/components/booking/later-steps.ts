// The ticket page's steps after the product (options, quantities, calendar, times, extras, the phone's book
// bar) are code a first visit does not run: nothing shows them before a product is chosen. They load once the
// page has its products, not with the page, keeping the page's first-load JavaScript within its budget
// (decision 0058). The steps show when both their code and the products are here, so nothing appears half.
import { useEffect, useState } from 'react';

export type LaterSteps = typeof import('./later-steps-bundle');

let loaded: LaterSteps | undefined;
let loading: Promise<LaterSteps> | undefined;

function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import('./later-steps-bundle').then(
    (steps) => (loaded = steps),
    (error: unknown) => {
      // A failed load (the network) is tried again by the next page that wants the steps.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The steps' components once loaded; `wanted` starts the load. */
export function useLaterSteps(wanted: boolean): LaterSteps | undefined {
  const [steps, setSteps] = useState(loaded);
  useEffect(() => {
    if (!wanted || steps) return;
    let live = true;
    loadLaterSteps().then(
      (loadedSteps) => live && setSteps(loadedSteps),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, steps]);
  return steps;
}
