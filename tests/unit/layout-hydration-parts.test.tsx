// The shell's header, page and footer are server-rendered Suspense boundaries of their own, so that the
// browser hydrates each apart, in slices, instead of the whole page in one long task (decision 0063).
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/client/i18n';
import { SessionProvider } from '@/client/session/SessionProvider';
import { Layout } from '@/components/layout/Layout';

vi.mock('next/router', () => ({
  useRouter: () => ({ locale: 'en', locales: ['en'], pathname: '/', asPath: '/', query: {}, events: { on: () => undefined, off: () => undefined } }),
}));

/** The HTML React's server renderer writes for a Suspense boundary it completed: <!--$-->…<!--/$-->. */
const boundaries = (html: string) => [...html.matchAll(/<!--\$-->([\s\S]*?)<!--\/\$-->/g)].map((m) => m[1]);

describe('the layout hydrates apart', () => {
  it('puts the header, the page and the footer each in a boundary of its own', () => {
    const html = renderToString(
      <I18nProvider value={{ locale: 'en', namespaces: {} }}>
        <SessionProvider session={null}>
          <Layout>
            <p>the page</p>
          </Layout>
        </SessionProvider>
      </I18nProvider>,
    );
    const parts = boundaries(html);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatch(/^<header/);
    expect(parts[1]).toBe('<p>the page</p>');
    expect(parts[2]).toMatch(/^<footer/);
    // The skip link stays outside, in the part hydrated first.
    expect(html.indexOf('href="#main"')).toBeLessThan(html.indexOf('<!--$-->'));
  });
});
