import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { NONCE_HEADER } from '@/http/security-headers';

type Props = DocumentInitialProps & { nonce?: string };

// The nonce of this response's Content-Security-Policy (src/proxy.ts), for the scripts rendered per
// request; prerendered pages have none and are allowed by hash.
export default class SkypassDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx);
    const nonce = ctx.req?.headers[NONCE_HEADER];
    return { ...initial, nonce: typeof nonce === 'string' ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html>
        <Head nonce={nonce}>
          <meta name="theme-color" content="#0b1d3a" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
