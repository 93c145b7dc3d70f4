import type { MailTransport } from '@/ports/mail';
import type { PaymentGateway } from '@/ports/payments';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';

/** What the checkout use cases work with; the API routes pass the configured ones, tests their own. */
export type CheckoutDeps = {
  db: Database;
  supplier: SupplierPort;
  gateway: PaymentGateway;
  mail: MailTransport;
  holdMinutes: number;
  /** How many unpaid bookings a member may hold at once (UNPAID_BOOKINGS_PER_MEMBER; default 1). */
  unpaidBookingsPerMember?: number;
  siteUrl: string;
  now?: () => Date;
};
