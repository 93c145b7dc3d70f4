// A part of the page that hydrates in a task of its own (docs/decisions/0063-lighter-first-load.md).
// React hydrates a server-rendered Suspense boundary after the rest of the page, at a low priority and in
// slices of about 5 ms, where a page's first hydration is otherwise one task that blocks the main thread
// (the pages router's hydrateRoot is not a transition). The HTML is the server's all along: the fallback
// is never shown on a first load, and nothing in the page suspends after it.
import { Suspense, type ReactNode } from 'react';

export function HydratedApart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
