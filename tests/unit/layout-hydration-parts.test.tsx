// The shell's header and its page (with the footer after it) are server-rendered Suspense boundaries of their
// own, so that the browser hydrates each apart, in slices, instead of the whole page in one long task (decision
// 0063); and a long page, which React's server renderer sends after the shell, never has the footer painted
// above it first (decision 0079).
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/client/i18n';
import { SessionProvider } from '@/client/session/SessionProvider';
import { Layout } from '@/components/layout/Layout';

vi.mock('next/router', () => ({
  useRouter: () => ({ locale: 'en', locales: ['en'], pathname: '/', asPath: '/', query: {}, events: { on: () => undefined, off: () => undefined } }),
}));

/** The HTML React's server renderer writes for a Suspense boundary it completed: <!--$-->…<!--/$-->. */
const boundaries = (html: string) => [...html.matchAll(/<!--\$-->([\s\S]*?)<!--\/\$-->/g)].map((m) => m[1]);

const site = (page: ReactNode) => (
  <I18nProvider value={{ locale: 'en', namespaces: {} }}>
    <SessionProvider session={null}>
      <Layout>{page}</Layout>
    </SessionProvider>
  </I18nProvider>
);

describe('the layout hydrates apart', () => {
  it('puts the header in a boundary, and the page with the footer after it in another', () => {
    const html = renderToString(site(<p>the page</p>));
    const parts = boundaries(html);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toMatch(/^<header/);
    expect(parts[1]).toMatch(/^<main id="main"[^>]*><p>the page<\/p><\/main><footer/);
    // The skip link stays outside, in the part hydrated first.
    expect(html.indexOf('href="#main"')).toBeLessThan(html.indexOf('<!--$-->'));
  });

  it('streams a long page with its footer after it, never the footer first (nothing painted early to move)', async () => {
    // Longer than React's progressive chunk (12,800 bytes): the server sends it after the shell, as it does the
    // accessibility statement, a product list or a home page in Japanese.
    const long = Array.from({ length: 400 }, (_, i) => <p key={i}>{`paragraph ${i} of a long page`}</p>);
    // Inside a root element, as Next.js renders a page (a boundary at the document's top level is never sent later).
    const stream = await renderToReadableStream(<div id="__next">{site(long)}</div>);
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html).toContain('<!--$?-->'); // the page went after the shell
    expect(html.indexOf('paragraph 399 of a long page')).toBeGreaterThan(0);
    expect(html.indexOf('<footer')).toBeGreaterThan(html.indexOf('paragraph 399 of a long page'));
  });
});
