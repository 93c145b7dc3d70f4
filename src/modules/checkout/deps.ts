import type { MailTransport } from '../../adapters/mail/port';
import type { PaymentGateway } from '../../adapters/payments/port';
import type { SupplierPort } from '../../adapters/supplier/port';
import type { Database } from '../../server/db/client';

/** What the checkout use cases work with; the API routes pass the configured ones, tests their own. */
export type CheckoutDeps = {
  db: Database;
  supplier: SupplierPort;
  gateway: PaymentGateway;
  mail: MailTransport;
  holdMinutes: number;
  siteUrl: string;
  now?: () => Date;
};
