// The site's links. Next.js prefetches the page a link points to once the link comes within 200 px of the
// viewport, and then runs that page's code: on a phone that work landed in the page's own first seconds
// (Lighthouse counted 50-150 ms tasks of pages not shown). Here prefetching on sight starts once the page
// has settled (client/page-settled.ts); pointing at or touching a link prefetches at once, as before.
// eslint-disable-next-line no-restricted-imports -- the one place next/link is used (eslint.config.mjs, NEXT_LINK)
import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { usePageSettled } from '@/client/page-settled';

export function Link(props: ComponentProps<typeof NextLink>) {
  const settled = usePageSettled();
  return <NextLink prefetch={settled ? undefined : false} {...props} />;
}
