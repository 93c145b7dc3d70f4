// The site's links. Next.js fetches and runs the code of every page a link points to as soon as the link
// scrolls into view: on a phone that work lands in the first seconds of every page (Lighthouse counted
// 50-90 ms tasks of pages not shown). Here a page's code comes when the visitor points at or touches the
// link, which Next.js still does with prefetch off; the click itself follows a few hundred ms later.
// eslint-disable-next-line no-restricted-imports -- the one place next/link is used (eslint.config.mjs, NEXT_LINK)
import NextLink from 'next/link';
import type { ComponentProps } from 'react';

export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
