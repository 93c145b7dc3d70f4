// The database schema. Migrations in drizzle/ are generated from this file (npm run db:generate).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { serverNow } from '../clock';

// --- next-auth (the column keys are the ones @auth/drizzle-adapter expects) ---

export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  name: text('name'),
  email: text('email').unique().notNull(),
  emailVerified: timestamp('email_verified', { mode: 'date', withTimezone: true }),
  image: text('image'),
});

export const accounts = pgTable(
  'accounts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Sign-in links. next-auth stores a hash of the token; using a link deletes its row. */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

// --- the loyalty program ---

/** One per member: the contact given at sign-up. */
export const memberships = pgTable('memberships', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  country: text('country').notNull(),
  postalCode: text('postal_code'),
  locale: text('locale').notNull(),
  marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
  joinedAt: timestamp('joined_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
});

/** The attraction this site sells for, seeded from config/attraction.json. */
export const attractions = pgTable('attractions', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  brand: text('brand').notNull(),
  timeZone: text('time_zone').notNull(),
  currency: text('currency').notNull(),
});

// --- infrastructure ---

/** Every message the outbox mail transport "sends"; the dev mailbox reads it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The message's idempotency key, when it has one: delivering it again adds no second copy. */
    idempotencyKey: text('idempotency_key').unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<{ filename: string; cid: string; contentType: string; base64: string }[]>(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [index('outbox_messages_to_idx').on(t.to, t.createdAt)],
);

/**
 * E-mails to send, written in the same transaction as the change they tell of (the transactional outbox
 * pattern): a crash never loses one. A sender delivers pending rows and marks them sent only after the
 * mail transport took them; the idempotency key ("tickets:<orderId>") makes writing one twice a no-op.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<{ filename: string; cid: string; contentType: string; base64: string }[]>(),
    /** Sent once the transport took it; its attempts are a `mail.send` job's (src/modules/jobs). */
    status: text('status').$type<'pending' | 'sent'>().notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    sentAt: timestamp('sent_at', { mode: 'date', withTimezone: true }),
  },
);

/** Fixed-window counters for abuse limits, shared by every server process. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { mode: 'date', withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// --- the local supplier: catalogue, inventory and bookings (served over OCTO at /octo) ---

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  internalName: text('internal_name').notNull(),
  image: text('image').notNull(),
  currency: text('currency').notNull(),
  timeZone: text('time_zone').notNull(),
});

export const productOptions = pgTable('product_options', {
  id: text('id').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  internalName: text('internal_name').notNull(),
  /** Local start times of the slots, "HH:mm". */
  startTimes: jsonb('start_times').$type<string[]>().notNull(),
  /** Days of the week with slots (0 = Sunday); null means every day. */
  weekdays: jsonb('weekdays').$type<number[] | null>(),
  durationMinutes: integer('duration_minutes').notNull(),
  /** Set for entry any time during opening hours (one slot a day, OCTO's OPENING_HOURS); null for timed entry. */
  openingHours: jsonb('opening_hours').$type<{ from: string; to: string } | null>(),
  capacity: integer('capacity').notNull(),
  minUnits: integer('min_units').notNull(),
  maxUnits: integer('max_units').notNull(),
});

export const units = pgTable(
  'units',
  {
    optionId: text('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity').notNull(),
    /** Retail price of one unit, in minor units of the product's currency. */
    price: integer('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.id] })],
);

/** Days the attraction is closed, as local dates "yyyy-MM-dd". */
export const closedDates = pgTable('closed_dates', {
  localDate: text('local_date').primaryKey(),
});

/** Days a manager closed (the staff calendar, decision 0020), over config/catalog.json's closed days:
 * no new sales on that local date; existing bookings stay valid. */
export const dayClosures = pgTable('day_closures', {
  localDate: text('local_date').primaryKey(),
  reason: text('reason').notNull(),
  closedBy: text('closed_by'),
  closedAt: timestamp('closed_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
});

/** A slot's capacity set by a manager, over its option's capacity in the catalogue (decision 0020). */
export const capacityOverrides = pgTable(
  'capacity_overrides',
  {
    optionId: text('option_id').notNull(),
    slotStart: timestamp('slot_start', { mode: 'date', withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    setBy: text('set_by'),
    setAt: timestamp('set_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.slotStart] })],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** OCTO's booking uuid: the reseller's, or one we make. */
    uuid: text('uuid').notNull().unique(),
    supplierReference: text('supplier_reference').notNull().unique(),
    resellerId: text('reseller_id').notNull(),
    resellerReference: text('reseller_reference'),
    status: text('status').$type<'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED' | 'REDEEMED'>().notNull(),
    productId: text('product_id').notNull(),
    optionId: text('option_id').notNull(),
    availabilityId: text('availability_id').notNull(),
    slotStart: timestamp('slot_start', { mode: 'date', withTimezone: true }).notNull(),
    slotEnd: timestamp('slot_end', { mode: 'date', withTimezone: true }).notNull(),
    unitCount: integer('unit_count').notNull(),
    /** Its tickets admitted at the gate and not undone (its live rows of ticket_redemptions), kept with each
     * admission and undo in their transaction (inventory/admissions.ts): the visits report of a year sums it
     * instead of counting millions of admissions (decision 0048). */
    admittedCount: integer('admitted_count').notNull().default(0),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    contact: jsonb('contact').$type<Record<string, unknown>>(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { mode: 'date', withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { mode: 'date', withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { mode: 'date', withTimezone: true }),
    /** When its tickets, total or slot last changed after it was made (an OCTO update, a member's change): the
     * sales report's summed day of its confirmation is read again (decision 0057). A redemption does not stamp it. */
    amendedAt: timestamp('amended_at', { mode: 'date', withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /** The website member's tier the places were held for (decision 0041); null for a reseller's booking. */
    memberTier: text('member_tier'),
    /** Of its places, how many were the members' allotment when held (decision 0041), for the reports. */
    keptPlaces: integer('kept_places').notNull().default(0),
  },
  (t) => [
    // Places taken on an option's slots (availability, holds): it covers that count, so a day of a busy
    // year is read from the index alone, as fast as an empty one (decision 0048).
    // With the places kept for members, so the members' allotment by day over a year reads it alone too (0057).
    index('bookings_slot_idx').on(t.optionId, t.slotStart, t.status, t.expiresAt, t.unitCount, t.keptPlaces),
    // The live holds of an option's slots, which the availability read adds to the places kept per slot
    // (slot_taken, decision 0067): holds only, so a sold day's thousands of bookings are not walked.
    index('bookings_holds_idx').on(t.optionId, t.slotStart, t.expiresAt, t.unitCount).where(sql`status = 'ON_HOLD'`),
    // A day's or a year's bookings of every option: "today", and the visits report, which it covers (an
    // index-only scan reads a year's bookings without their rows; decision 0048).
    index('bookings_slot_start_idx').on(t.slotStart, t.status, t.unitCount, t.slotEnd, t.admittedCount),
    // The resellers' sales of a period (the sales report; the website's are its payments).
    index('bookings_reseller_confirmed_idx').on(t.confirmedAt).where(sql`reseller_id <> 'website'`),
    // The resellers' cancellations of a period (the sales report's days not summed yet), and their bookings
    // amended since the sums were made (a summed day to read again: decision 0057).
    index('bookings_reseller_cancelled_idx').on(t.cancelledAt).where(sql`reseller_id <> 'website'`),
    index('bookings_reseller_amended_idx').on(t.amendedAt).where(sql`reseller_id <> 'website' and amended_at is not null`),
    // Every channel's bookings written since the visits report's days were summed (decision 0059).
    index('bookings_updated_idx').on(t.updatedAt),
    // A booking by its uuid with its date and status: the booking search ranks a member's bookings from it alone (0059).
    index('bookings_uuid_created_idx').on(t.uuid, t.createdAt, t.status, t.id),
    // The places members booked from the allotment (the program report's line, decision 0059): those bookings alone.
    index('bookings_kept_places_idx').on(t.slotStart, t.optionId, t.status, t.keptPlaces).where(sql`kept_places > 0`),
  ],
);

export const bookingUnitItems = pgTable(
  'booking_unit_items',
  {
    uuid: text('uuid').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    unitId: text('unit_id').notNull(),
    resellerReference: text('reseller_reference'),
    supplierReference: text('supplier_reference').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [
    index('booking_unit_items_booking_idx').on(t.bookingId),
    // A ticket by its reference: the gate's scan and the booking search (decision 0048).
    index('booking_unit_items_reference_idx').on(t.supplierReference),
  ],
);

/** Add-ons held and sold with a booking (decision 0050): stock counted like places (holds not expired,
 * confirmed and redeemed bookings), so an expired hold or a cancelled booking gives it back without a job. */
export const bookingAddons = pgTable(
  'booking_addons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    addonId: text('addon_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Which stock it was taken from: 'slot:<slot start ISO>' or 'day:<local date>'. */
    stockKey: text('stock_key').notNull(),
    /** Handed out at the gate (once; who and when). */
    handedOutAt: timestamp('handed_out_at', { mode: 'date', withTimezone: true }),
    handedOutBy: text('handed_out_by'),
  },
  (t) => [
    uniqueIndex('booking_addons_booking_addon_idx').on(t.bookingId, t.addonId),
    index('booking_addons_stock_idx').on(t.addonId, t.stockKey),
    check('booking_addons_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Resellers allowed to use our OCTO API; only a hash of each bearer key is kept. */
export const octoResellers = pgTable('octo_resellers', {
  id: text('id').primaryKey(),
  keyHash: text('key_hash').notNull().unique(),
});

/** A reseller's OCTO webhook (octo/webhooks): where to send which event, and the key that signs it. */
export const octoWebhooks = pgTable(
  'octo_webhooks',
  {
    id: text('id').primaryKey(),
    resellerId: text('reseller_id').notNull(),
    event: text('event').$type<'booking_update' | 'availability_update'>().notNull(),
    url: text('url').notNull(),
    /** HMAC-SHA256 key of the signature header; shown once, when the webhook is registered. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [index('octo_webhooks_event_idx').on(t.event, t.resellerId)],
);

/** The delivery log: one row per notification and webhook, sent by a worker with retries. */
// --- checkout: the member's orders, and the embedded test payment gateway ---

export type OrderLine = { unitId: string; title: string; quantity: number; unitPrice: number };
/** An add-on sold with the order (decision 0050), at the list price it was paid. */
export type OrderAddonLine = { addonId: string; quantity: number; unitPrice: number };

/** Where an order was sold (decision 0053). */
export type OrderChannel = 'web' | 'box-office';

/** A member's order: one supplier booking, paid through one payment session. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The supplier booking's uuid: the bookingId the browser knows. */
    bookingUuid: text('booking_uuid').notNull().unique(),
    supplierReference: text('supplier_reference').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** CANCELLED: cancelled after it was confirmed (modules/bookings/cancel-booking.ts). */
    status: text('status').$type<'PENDING_PAYMENT' | 'CONFIRMED' | 'REFUNDED' | 'EXPIRED' | 'CANCELLED'>().notNull(),
    productId: text('product_id').notNull(),
    optionId: text('option_id').notNull(),
    /** Titles in the member's language when they bought: the order keeps what it was sold as. Pages and
     * e-mails show the catalogue's names in the reader's language (decision 0047); these only for a product
     * the catalogue does not know. */
    productTitle: text('product_title').notNull(),
    optionTitle: text('option_title').notNull(),
    availabilityId: text('availability_id').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    /** Add-ons bought with the tickets (decision 0050), at their list price; in `total`. */
    addons: jsonb('addons').$type<OrderAddonLine[]>().notNull().default([]),
    /** The add-ons' part of the list price (sum of quantity × unitPrice). */
    addonCents: integer('addon_cents').notNull().default(0),
    /** What the member pays (and what the payment charges): the list price of the lines less the discount. */
    total: integer('total').notNull(),
    /** Taken off the list price by the shop (decision 0038), never by the supplier: its hold carries list. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** Why: 'member-tier:<tier>' (a member price); null without a discount. */
    discountReason: text('discount_reason'),
    /** Taken off by a reward paid with points or a guest pass (decision 0042), after the discount. */
    rewardCents: integer('reward_cents').notNull().default(0),
    /** Which: 'reward:<reward id>' or 'guest-pass'; null without one. */
    rewardReason: text('reward_reason'),
    /** The promo code the member entered (decision 0049), upper case; null without one. */
    promoCode: text('promo_code'),
    /** What the promo code took off the list price of the tickets where it beat the member price (those tickets
     * have no member discount in discount_cents: never both on one ticket, decision 0038 step 2). */
    promoCents: integer('promo_cents').notNull().default(0),
    /** Paid by a gift card (decision 0047, "Paying with a gift card"), after the reward; `total` is the rest. */
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    /** Which card paid it; its `redeemed` line's reference is the order's id. */
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    /** The annual pass this visit was booked with, at zero price (decision 0051); null for a bought visit. */
    passId: uuid('pass_id').references(() => annualPasses.id),
    currency: text('currency').notNull(),
    locale: text('locale').notNull(),
    /** The ledger's payment of the booking (its own session); changes have payments of their own. */
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    holdExpiresAt: timestamp('hold_expires_at', { mode: 'date', withTimezone: true }).notNull(),
    /** Tickets, once confirmed: one reference per unit item, and the signed code its QR carries (orders
     * confirmed before signed codes have none: their QR carries the reference). */
    tickets: jsonb('tickets').$type<{ reference: string; unitId: string; code?: string }[]>(),
    /** Tickets that a change of the booking replaced: they no longer admit anyone. */
    replacedTickets: jsonb('replaced_tickets').$type<{ reference: string; unitId: string; code?: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    paidAt: timestamp('paid_at', { mode: 'date', withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { mode: 'date', withTimezone: true }),
    refundedAt: timestamp('refunded_at', { mode: 'date', withTimezone: true }),
    /** While set and in the future, one process is changing the booking (a change, or the completion of a
     * paid change): one change of a booking at a time. Completing a payment leases the payment instead. */
    completionLeaseUntil: timestamp('completion_lease_until', { mode: 'date', withTimezone: true }),
    /** When a newer Book of the member released this unpaid hold (its hold then ends at once). */
    releasedAt: timestamp('released_at', { mode: 'date', withTimezone: true }),
    /** Where it was sold: the website, or the box office at the counter (decision 0053). Resellers' bookings
     * are the supplier's, not orders. */
    channel: text('channel').$type<OrderChannel>().notNull().default('web'),
  },
  (t) => [
    // A member's orders, newest first; with each order's booking, so that the booking search finds a common
    // name's bookings from indexes alone (decision 0059).
    index('orders_user_idx').on(t.userId, t.createdAt, t.bookingUuid),
    index('orders_pass_idx').on(t.passId),
    // The holds of the last minute, for the on-sale queue's automatic switch (decision 0056).
    index('orders_created_idx').on(t.createdAt),
    // The old ticket of a changed booking, scanned at the gate (CHANGED): a containment search (decision 0048).
    index('orders_replaced_tickets_idx').using('gin', sql`${t.replacedTickets} jsonb_path_ops`),
    // The few orders a gift card paid part of, and the few with add-ons: the sales report reads them alone
    // instead of a year of orders (decision 0064). Partial, with immutable comparisons only (PGlite too).
    index('orders_gift_card_idx').on(t.paymentId, t.giftCardCents).where(sql`gift_card_cents > 0`),
    index('orders_addons_idx').on(t.paymentId).where(sql`addon_cents > 0`),
    // A gift card's part is never negative and always names its card.
    check('orders_gift_card_paid', sql`${t.giftCardCents} >= 0 and (${t.giftCardCents} = 0 or ${t.giftCardId} is not null)`),
  ],
);

/** One Book at a time per member: a lease taken with a conditional insert, so that concurrent Books of
 * one member cannot each see "no unpaid hold yet" and hold places side by side. */
export const bookingLeases = pgTable('booking_leases', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { mode: 'date', withTimezone: true }).notNull(),
});

/**
 * A cancelled booking, once (the unique booking uuid decides between concurrent cancellations): how much
 * went back, through which state, and who cancelled it. The member's e-mail is queued with it.
 */
export const bookingCancellations = pgTable(
  'booking_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingUuid: text('booking_uuid').notNull().unique(),
    supplierReference: text('supplier_reference').notNull(),
    /** Our member's order; null for a reseller's booking (the reseller refunds its customer). */
    orderId: uuid('order_id'),
    /** The refund granted; the money itself moves as rows of `refunds` (key `cancelled:<booking uuid>:…`). */
    refundAmount: integer('refund_amount').notNull(),
    currency: text('currency').notNull(),
    byKind: text('by_kind').$type<'staff' | 'member' | 'operator'>().notNull(),
    byUserId: text('by_user_id'),
    byEmail: text('by_email'),
    reason: text('reason'),
    /** Where the refund goes: back through the payment's gateway, or (a manager's choice) onto a new gift
     * card issued to the booker (decision 0052). Kept, so that a refund taken up again goes the same way. */
    refundTo: text('refund_to').$type<'payment' | 'gift_card'>().notNull().default('payment'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [index('booking_cancellations_created_idx').on(t.createdAt), check('booking_cancellations_refund_to', sql`${t.refundTo} in ('payment', 'gift_card')`)],
);

/**
 * The public key that signs this site's ticket codes, one row: every server of a database checks at start-up
 * that its TICKET_SIGNING_KEY is this one, and refuses to start otherwise (decision 0033). The previous key
 * is kept after a rotation, so a server still holding it is told so.
 */
export const ticketSigningKey = pgTable('ticket_signing_key', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  previousPublicKey: text('previous_public_key'),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
});

/**
 * Tickets admitted at the gate, one row per admission. A ticket is admitted once: the partial unique
 * index lets only one row per ticket be live (not undone), so concurrent scans from several gates admit
 * it once. An undo (within a few minutes) marks the row undone and keeps it.
 */
export const ticketRedemptions = pgTable(
  'ticket_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketReference: text('ticket_reference').notNull(),
    bookingUuid: text('booking_uuid').notNull(),
    bookingReference: text('booking_reference').notNull(),
    /** Which gate (the device's name, as its user set it). */
    gate: text('gate').notNull(),
    byUserId: text('by_user_id'),
    byEmail: text('by_email'),
    redeemedAt: timestamp('redeemed_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    undoneAt: timestamp('undone_at', { mode: 'date', withTimezone: true }),
    undoneBy: text('undone_by'),
    /** When the server wrote the row: `redeemed_at` for a scan at the gate online, later for a scan an
     * offline gate kept and sent when back online (decision 0054). Other gates' deltas read by this. */
    recordedAt: timestamp('recorded_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [
    uniqueIndex('ticket_redemptions_once').on(t.ticketReference).where(sql`${t.undoneAt} is null`),
    index('ticket_redemptions_booking_idx').on(t.bookingUuid),
    index('ticket_redemptions_at_idx').on(t.redeemedAt),
    // Admissions undone since the occupancy report's hours were summed: their day to read again (decision 0057).
    index('ticket_redemptions_undone_idx').on(t.undoneAt).where(sql`${t.undoneAt} is not null`),
    // Scans an offline gate sent late (recorded well after they were scanned), recorded since the reports' days
    // were summed: their day to read again (inventory/admissions-changed.ts, decision 0059).
    index('ticket_redemptions_late_idx').on(t.recordedAt).where(sql`recorded_at - redeemed_at > interval '1 minute'`),
  ],
);

/** People leaving the deck, counted at the exit (decision 0045): a scanned ticket (its admission's id, so
 * a ticket leaves once per admission) or an anonymous exit (the exit's -1 counter). Entries are the
 * admissions above; inside now = today's live admissions less today's exits. */
export const deckExits = pgTable(
  'deck_exits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admission this exit ends; null for an anonymous exit. */
    admissionId: uuid('admission_id').references(() => ticketRedemptions.id),
    ticketReference: text('ticket_reference'),
    gate: text('gate').notNull(),
    byUserId: text('by_user_id'),
    byEmail: text('by_email'),
    exitedAt: timestamp('exited_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [uniqueIndex('deck_exits_once').on(t.admissionId), index('deck_exits_at_idx').on(t.exitedAt)],
);

/** Every staff action (and every cancellation, whoever made it): who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    actorKind: text('actor_kind').$type<'staff' | 'member' | 'operator'>().notNull(),
    actorUserId: text('actor_user_id'),
    actorEmail: text('actor_email'),
    /** "booking.cancel", "ticket.redeem", "day.close", … */
    action: text('action').notNull(),
    /** What it acted on: a booking reference, a ticket, a date. */
    target: text('target').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** The embedded test gateway's own records, as a real gateway keeps them on its side. */
export const testPaymentSessions = pgTable('test_payment_sessions', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<'open' | 'paid' | 'refunded'>().notNull(),
  expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }).notNull(),
  declines: integer('declines').notNull().default(0),
  cardLast4: text('card_last4'),
  paidAt: timestamp('paid_at', { mode: 'date', withTimezone: true }),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /** The keys of the refunds made, so that each refund is made once (a partial refund, then another). */
  refundKeys: jsonb('refund_keys').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
});

/** A member's change of a confirmed booking (another time, other quantities): what it was, what it became,
 * and the money that moved. The booking keeps its reference; its tickets are new. */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromAvailabilityId: text('from_availability_id').notNull(),
    toAvailabilityId: text('to_availability_id').notNull(),
    fromLines: jsonb('from_lines').$type<OrderLine[]>().notNull(),
    toLines: jsonb('to_lines').$type<OrderLine[]>().notNull(),
    fromTotal: integer('from_total').notNull(),
    toTotal: integer('to_total').notNull(),
    /** Given back to the member (a lower total); 0 otherwise. The money moves as a row of `refunds`
     * (key `change:<id>`) against the order's payment. */
    refundAmount: integer('refund_amount').notNull().default(0),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    /**
     * DONE: the booking moved. A change to a higher total is PENDING_PAYMENT first (its new places held,
     * a payment session open for the difference), then DONE once paid and moved; EXPIRED when its session
     * closed unpaid, RELEASED when a newer change of the member replaced it, REFUNDED when it was paid but
     * the move failed (the difference went back). docs/decisions/0023.
     */
    status: text('status').$type<'PENDING_PAYMENT' | 'DONE' | 'EXPIRED' | 'RELEASED' | 'REFUNDED'>().notNull().default('DONE'),
    /** The supplier hold of the new places while the member pays the difference. */
    holdUuid: text('hold_uuid'),
    holdExpiresAt: timestamp('hold_expires_at', { mode: 'date', withTimezone: true }),
    /** The difference to pay (a higher total); 0 otherwise. */
    payAmount: integer('pay_amount').notNull().default(0),
    /** The ledger's payment of the difference (a higher total); null otherwise. */
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id),
  },
  (t) => [
    index('booking_changes_order_idx').on(t.orderId, t.createdAt),
    // Changes since the sales report's days were summed: their orders' tickets moved (decision 0057).
    index('booking_changes_created_idx').on(t.createdAt),
  ],
);

// --- the box office's till (decision 0053) ---

/**
 * A staff member's shift at a box-office till: opened with the counted float, closed with the counted cash.
 * The cash it should hold is the float plus its cash payments less its cash refunds (rows of the payments
 * ledger pointing here); `expected` is written when it closes. At most one open shift per staff member.
 */
export const tillShifts = pgTable(
  'till_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: text('staff_user_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    status: text('status').$type<'OPEN' | 'CLOSED'>().notNull(),
    currency: text('currency').notNull(),
    floatCents: integer('float_cents').notNull(),
    openedAt: timestamp('opened_at', { mode: 'date', withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { mode: 'date', withTimezone: true }),
    expectedCents: integer('expected_cents'),
    countedCents: integer('counted_cents'),
  },
  (t) => [
    uniqueIndex('till_shifts_one_open').on(t.staffUserId).where(sql`status = 'OPEN'`),
    index('till_shifts_opened_idx').on(t.openedAt),
    check('till_shifts_amounts', sql`${t.floatCents} >= 0 and (${t.countedCents} is null or ${t.countedCents} >= 0)`),
  ],
);

// --- the payments ledger (docs/decisions/0028; pretix's OrderPayment and OrderRefund) ---

/** What a payment pays for: an order, a change of a booking, a gift card (decision 0047), an annual pass's
 * purchase or renewal (decision 0051). */
export type PaymentPurpose = 'order' | 'change' | 'gift_card' | 'annual_pass';

/**
 * One payment through a gateway session, whatever it pays for (`purpose` and `referenceId`: an order's or a
 * booking change's id). Its states: modules/payments/payment-states.ts. Every completion of a payment (the
 * member's return, the webhook, its `payments.check` job) takes its lease first.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    referenceId: text('reference_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `cash`: taken at a box-office till (decision 0053), its session `cash_<order id>`. */
    gateway: text('gateway').$type<'test' | 'stripe' | 'cash'>().notNull(),
    /** The gateway's checkout session (Stripe's cs_…, the test gateway's cs_test_…). */
    gatewaySessionId: text('gateway_session_id').notNull().unique(),
    /** What the browser needs to pay (no secret of ours). */
    session: jsonb('session').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'pending' | 'confirmed' | 'expired' | 'refunded'>().notNull(),
    /** While set and in the future, one process is completing the payment: the others leave it alone. */
    leaseUntil: timestamp('lease_until', { mode: 'date', withTimezone: true }),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    confirmedAt: timestamp('confirmed_at', { mode: 'date', withTimezone: true }),
    /** Paid in cash into this till shift at the box office (decision 0053); null for a gateway's payment. */
    tillShiftId: uuid('till_shift_id').references(() => tillShifts.id),
  },
  (t) => [
    index('payments_reference_idx').on(t.purpose, t.referenceId),
    // The payments confirmed in a period: the sales report's days not summed yet (decision 0057).
    index('payments_confirmed_idx').on(t.confirmedAt),
    index('payments_till_shift_idx').on(t.tillShiftId),
    // Nothing is charged only for an order a reward made free (decision 0042): no gateway session then.
    check('payments_amount_charged', sql`${t.amount} > 0 or (${t.amount} = 0 and left(${t.gatewaySessionId}, 5) = 'free_')`),
  ],
);

/**
 * Money given back of one payment. The refunds of a payment never add up past its amount (checked on the
 * payment's locked row, modules/payments/refund-payment.ts); the key makes each refund once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    /** `change:<id>`, `cancelled:<booking uuid>`, `late`…: one refund per key and payment (the gateway's
     * idempotency key for the refund of its session). */
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').$type<'pending' | 'done'>().notNull(),
    reason: text('reason').notNull(),
    /** The gateway's own id of the refund, when it gives one. */
    gatewayRefundId: text('gateway_refund_id'),
    /** Set when the money went onto this new gift card instead of back through the gateway (decision 0052):
     * such a refund is done when recorded, in the card's transaction, and never asked of the gateway. */
    giftCardId: uuid('gift_card_id').references((): AnyPgColumn => giftCards.id),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    doneAt: timestamp('done_at', { mode: 'date', withTimezone: true }),
    /** Handed back in cash from this till shift at the box office (decision 0053); null for a gateway's refund. */
    tillShiftId: uuid('till_shift_id').references(() => tillShifts.id),
  },
  (t) => [index('refunds_till_shift_idx').on(t.tillShiftId), uniqueIndex('refunds_payment_key_unique').on(t.paymentId, t.idempotencyKey), index('refunds_created_idx').on(t.createdAt), check('refunds_amount_positive', sql`${t.amount} > 0`)],
);

// --- gift cards (decision 0047): stored value bought through the payments ledger, spent in its own ledger ---

/**
 * A gift card: bought by a member for an amount (PENDING_PAYMENT until its payment is confirmed), then
 * ACTIVE from its issue until it expires or a manager voids it. `balance` is the sum of its lines, kept on
 * the row so that every spend locks the row and can never take it below zero (the check).
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 16 characters without look-alikes (modules/gift-cards/gift-card-code.ts), stored without dashes. */
    code: text('code').notNull().unique(),
    status: text('status').$type<'PENDING_PAYMENT' | 'ACTIVE' | 'VOIDED'>().notNull(),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull().default(0),
    currency: text('currency').notNull(),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerEmail: text('buyer_email').notNull(),
    senderName: text('sender_name').notNull(),
    /** Null: the card goes to the buyer. */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The New York date it is e-mailed on. */
    deliverOn: text('deliver_on').notNull(),
    locale: text('locale').notNull(),
    /** The payment that bought it; null for a card issued as a refund (then `refundOf` names the booking). */
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id),
    /** The booking reference whose refund a manager put on this card (decision 0052). */
    refundOf: text('refund_of'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    issuedAt: timestamp('issued_at', { mode: 'date', withTimezone: true }),
    expiresAt: timestamp('expires_at', { mode: 'date', withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { mode: 'date', withTimezone: true }),
    voidedAt: timestamp('voided_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    index('gift_cards_buyer_idx').on(t.buyerUserId),
    check('gift_cards_amount_positive', sql`${t.amount} > 0`),
    check('gift_cards_balance_within', sql`${t.balance} >= 0 and ${t.balance} <= ${t.amount}`),
    check('gift_cards_bought_or_refund', sql`(${t.paymentId} is null) <> (${t.refundOf} is null)`),
  ],
);

// --- annual passes (decision 0051): a year of visits bought through the payments ledger ---

/**
 * An annual pass: PENDING_PAYMENT until its purchase is paid, then ACTIVE for its holder (a gift: UNCLAIMED
 * until the recipient claims it into their account, then ACTIVE). Its year runs from `starts_on` to
 * `ends_on` (New York dates, inclusive); a renewal moves `ends_on` on. Its states: modules/passes/pass-states.ts.
 */
export const annualPasses = pgTable(
  'annual_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to staff and in the gift's claim link: 16 characters without look-alikes, stored without dashes. */
    code: text('code').notNull().unique(),
    status: text('status').$type<'PENDING_PAYMENT' | 'UNCLAIMED' | 'ACTIVE'>().notNull(),
    /** The member whose visits it gives; null for a gift not yet claimed. */
    holderUserId: text('holder_user_id').references(() => users.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerEmail: text('buyer_email').notNull(),
    /** A gift's recipient (normalised); null when the buyer bought it for themselves. */
    recipientEmail: text('recipient_email'),
    startsOn: text('starts_on'),
    endsOn: text('ends_on'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    claimedAt: timestamp('claimed_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    index('annual_passes_holder_idx').on(t.holderUserId),
    index('annual_passes_buyer_idx').on(t.buyerUserId),
    check('annual_passes_active_dated', sql`${t.status} <> 'ACTIVE' or (${t.holderUserId} is not null and ${t.startsOn} is not null and ${t.endsOn} >= ${t.startsOn})`),
  ],
);

/** One payment for a pass: its purchase or a renewal (the ledger's `annual_pass` purpose refers to this
 * row). `paid_at` is set once, in the transaction that confirms the payment and applies it to the pass. */
export const passPayments = pgTable(
  'pass_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passId: uuid('pass_id')
      .notNull()
      .references(() => annualPasses.id),
    kind: text('kind').$type<'purchase' | 'renewal'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    paidAt: timestamp('paid_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [index('pass_payments_pass_idx').on(t.passId), index('pass_payments_paid_idx').on(t.paidAt), check('pass_payments_amount_positive', sql`${t.amount} > 0`)],
);

/** Promo codes managers create at /staff/promos (decision 0049): a percentage or an amount off per ticket. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored in upper case: members may type it in any case. */
    code: text('code').notNull().unique(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    /** A whole percentage (1 to 100) or minor units off each ticket. */
    value: integer('value').notNull(),
    /** Empty: every product (or option). Options are named 'productId/optionId'. */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    optionIds: jsonb('option_ids').$type<string[]>().notNull().default([]),
    /** New York dates, inclusive; null: open-ended. Sale dates, then visit dates. */
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    visitFrom: text('visit_from'),
    visitUntil: text('visit_until'),
    maxUses: integer('max_uses'),
    maxUsesPerMember: integer('max_uses_per_member'),
    minQuantity: integer('min_quantity').notNull().default(1),
    paused: boolean('paused').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [
    check('promo_codes_value_positive', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('promo_codes_min_quantity', sql`${t.minQuantity} >= 1`),
  ],
);

/** One use of a promo code per order: held with the unpaid order, kept when it is paid, given back when the
 * hold runs out or the booking is cancelled before its visit (then it no longer counts against the limits). */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoId: uuid('promo_id')
      .notNull()
      .references(() => promoCodes.id),
    orderId: uuid('order_id').notNull().unique(),
    userId: text('user_id').notNull(),
    cents: integer('cents').notNull(),
    state: text('state').$type<'held' | 'used' | 'returned'>().notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [index('promo_uses_promo_idx').on(t.promoId, t.userId), index('promo_uses_created_idx').on(t.createdAt)],
);

/** The gift card ledger: issued (+), redeemed (−), refunded (+) and voided (−) amounts; their sum is the balance. */
export const giftCardLines = pgTable(
  'gift_card_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'issued' | 'redeemed' | 'refunded' | 'voided'>().notNull(),
    /** Signed: what the line adds to the balance. */
    amount: integer('amount').notNull(),
    /** What it was spent on or given back from (an order's id); null for issue and void. */
    reference: text('reference'),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [
    index('gift_card_lines_card_idx').on(t.giftCardId, t.at),
    check('gift_card_lines_kind', sql`${t.kind} in ('issued', 'redeemed', 'refunded', 'voided')`),
    check('gift_card_lines_sign', sql`(${t.kind} in ('issued', 'refunded') and ${t.amount} > 0) or (${t.kind} in ('redeemed', 'voided') and ${t.amount} < 0)`),
  ],
);

// --- loyalty: collectible tokens earned by members ---

/**
 * The work of issuing one token: one row per member, drop and source (the join, a booking, a visit),
 * so that an event recorded twice still earns one token. A worker issues pending rows with retries.
 */
export const tokenIssues = pgTable(
  'token_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dropId: text('drop_id').notNull(),
    /** What earned it: "joined", "booking:<uuid>", "visit:<uuid>". */
    source: text('source').notNull(),
    /** Issued once the issuer answered; its attempts are a `loyalty.issue` job's (src/modules/jobs). */
    status: text('status').$type<'pending' | 'issued'>().notNull(),
    /** The issuer's id of the token, once issued. */
    tokenId: text('token_id'),
    /** The POAP mint link taken for this issue, kept so that a retry claims the same one. */
    mintLink: text('mint_link'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    issuedAt: timestamp('issued_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    uniqueIndex('token_issues_once').on(t.userId, t.dropId, t.source),
    // The tokens report of a period, which it covers (decision 0048).
    index('token_issues_issued_idx').on(t.status, t.issuedAt, t.dropId),
  ],
);

/** The local issuer's tokens: the embedded stand-in for a POAP collection. */
export const localTokens = pgTable('local_tokens', {
  id: text('id').primaryKey(),
  issueId: uuid('issue_id').notNull().unique(),
  dropId: text('drop_id').notNull(),
  owner: text('owner').notNull(),
  mintedAt: timestamp('minted_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
});

/** POAP mint links (qr_hash) per drop: each is handed out once. */
export const poapMintLinks = pgTable(
  'poap_mint_links',
  {
    qrHash: text('qr_hash').primaryKey(),
    dropId: text('drop_id').notNull(),
    takenBy: uuid('taken_by'),
    takenAt: timestamp('taken_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [index('poap_mint_links_free_idx').on(t.dropId, t.takenAt)],
);

// --- the waitlist of sold-out slots (modules/waitlist, docs/decisions/0024) ---

/**
 * A member waiting for places on one slot, in line by `line` (the order they joined in). WAITING until places free
 * up; OFFERED while the places are held for them (`orderId`, an unpaid order like Book's, until
 * `offerExpiresAt`); BOOKED once paid; EXPIRED when the offer ran out or the slot passed; LEFT when the
 * member left the list.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The place in line: a sequence, so members who join in the same millisecond still have an order. */
    line: bigserial('line', { mode: 'number' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    optionId: text('option_id').notNull(),
    availabilityId: text('availability_id').notNull(),
    slotStart: timestamp('slot_start', { mode: 'date', withTimezone: true }).notNull(),
    /** The tickets wanted, per unit id. */
    quantities: jsonb('quantities').$type<Record<string, number>>().notNull(),
    /** The places those tickets take. */
    places: integer('places').notNull(),
    locale: text('locale').notNull(),
    status: text('status').$type<'WAITING' | 'OFFERED' | 'BOOKED' | 'EXPIRED' | 'LEFT'>().notNull().default('WAITING'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    offeredAt: timestamp('offered_at', { mode: 'date', withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { mode: 'date', withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    index('waitlist_entries_slot_idx').on(t.optionId, t.availabilityId, t.status, t.line),
    index('waitlist_entries_user_idx').on(t.userId, t.status),
    // One place in line per member and slot.
    uniqueIndex('waitlist_entries_one_active')
      .on(t.userId, t.optionId, t.availabilityId)
      .where(sql`${t.status} in ('WAITING', 'OFFERED')`),
  ],
);

/** One offering worker per slot at a time, across every server sharing the database: a lease. */
export const waitlistLeases = pgTable('waitlist_leases', {
  slotKey: text('slot_key').primaryKey(),
  until: timestamp('until', { mode: 'date', withTimezone: true }).notNull(),
});

// --- wallet passes kept up to date (decision 0025) ---

/** Apple Wallet devices that asked for updates of a pass (PassKit web service). */
export const applePassRegistrations = pgTable(
  'apple_pass_registrations',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    pushToken: text('push_token').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.serialNumber] }), index('apple_pass_registrations_serial_idx').on(t.serialNumber)],
);

/** When a ticket's pass last changed (its booking changed or was cancelled): Apple's update tag. */
export const walletPassUpdates = pgTable('wallet_pass_updates', {
  serialNumber: text('serial_number').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull(),
});

// --- background work: one table of jobs, claimed by one runner (src/modules/jobs, docs/decisions/0027) ---

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What to do; its payload's shape is checked per kind (src/modules/jobs/job-kinds.ts). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Due from this time; while a runner holds the job, `lockedUntil` is its lease. */
    runAt: timestamp('run_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: timestamp('locked_until', { mode: 'date', withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Enqueuing a key already present changes nothing (a recurring job's period, a mail's key). */
    dedupeKey: text('dedupe_key').unique(),
    /** While a job with this key is pending, enqueuing the key again replaces its payload (the newest
     * availability of a slot replaces an unsent one); once it runs, the key is free again. */
    coalesceKey: text('coalesce_key'),
    /** The kind's lane for this payload (a webhook's receiver), written at enqueue: a runner claims no job
     * of a lane it is still running, and runs other lanes meanwhile. Null: the one lane of kinds without. */
    lane: text('lane'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    finishedAt: timestamp('finished_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_kind_status_idx').on(t.kind, t.status),
    uniqueIndex('jobs_pending_coalesce_idx').on(t.coalesceKey).where(sql`status = 'pending'`),
  ],
);

// --- the ambassador program (issue #24, decision 0036) ---

/** A member's visit: one of their bookings admitted at the gate, counted once per visit date (New York),
 * written in the admission's transaction (modules/loyalty/member-visits.ts). */
export const memberVisits = pgTable(
  'member_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The booking's slot date, "yyyy-MM-dd" in New York. */
    visitDate: text('visit_date').notNull(),
    /** The admitted booking that holds the date (another admitted booking of the date takes over on undo). */
    bookingUuid: text('booking_uuid').notNull(),
    bookingReference: text('booking_reference').notNull(),
    countedAt: timestamp('counted_at', { mode: 'date', withTimezone: true }).notNull(),
    /** The member's visit date before this one ('' for none, which sorts before any date), and after it (null
     * for none), kept by every write of the member's visits (program/member-visits.ts): a period's visitors
     * are its visits whose previous one is before it, and its repeat visitors those of them whose next one is
     * within it, counted without grouping by member (decision 0064). */
    previousVisitDate: text('previous_visit_date').notNull().default(''),
    nextVisitDate: text('next_visit_date'),
  },
  (t) => [
    uniqueIndex('member_visits_once_a_day').on(t.userId, t.visitDate),
    index('member_visits_booking_idx').on(t.bookingUuid),
    // The program report's visitors of a period, from the index alone: a short period by its dates, a long
    // one by its members' first visits in it (decision 0064).
    index('member_visits_date_idx').on(t.visitDate, t.previousVisitDate, t.nextVisitDate),
    index('member_visits_previous_idx').on(t.previousVisitDate, t.visitDate, t.nextVisitDate),
  ],
);

/** A member's current tier, recomputed by `program.recompute` and `program.tiers` jobs. */
export const memberTiers = pgTable(
  'member_tiers',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tierId: text('tier_id').notNull(),
    /** Visits in the window when the tier was computed. */
    visits: integer('visits').notNull(),
    /** The date the oldest counted visit ages out of the window (null without visits): the recurring job
     * recomputes the member then. */
    recomputeOn: text('recompute_on'),
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull(),
  },
  (t) => [index('member_tiers_recompute_idx').on(t.recomputeOn), index('member_tiers_tier_idx').on(t.tierId)],
);

/** Every change of a member's tier, for the program's reports. */
export const memberTierChanges = pgTable(
  'member_tier_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null on joining. */
    fromTier: text('from_tier'),
    toTier: text('to_tier').notNull(),
    at: timestamp('at', { mode: 'date', withTimezone: true }).notNull(),
    reason: text('reason').$type<'joined' | 'visits' | 'expiry'>().notNull(),
  },
  (t) => [index('member_tier_changes_user_idx').on(t.userId, t.at), index('member_tier_changes_at_idx').on(t.at)],
);

/**
 * The points ledger (decision 0037): one line per ticket that earns points, its state moving
 * pending (from payment) → confirmed (at admission) → expired (months later), or → void (cancelled,
 * refunded, or replaced by a change). A line never changes its points; what a later spend takes from a
 * confirmed line is counted in `spent` (0 ≤ spent ≤ points, held by the database), so a balance
 * (Σ points − spent of confirmed, unexpired lines) is never negative and no point is spent twice.
 */
export const memberPoints = pgTable(
  'member_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Why: 'ticket' (earned), 'referral' (a friend's first visit, decision 0042), 'challenge:<id>' (a
     * completed Sky Moments challenge, decision 0043; confirmed at once, no booking), 'reward:<id>' (a spend:
     * negative points, never spent itself), 'adjustment' (a manager's, decision 0044: a credit is a
     * confirmed line; a debit a negative line, its points taken from the oldest-expiring confirmed lines'
     * `spent` in the same transaction; it never counts itself). */
    reason: text('reason').$type<'ticket' | 'referral' | 'adjustment' | `challenge:${string}` | `reward:${string}`>().notNull(),
    points: integer('points').notNull(),
    /** An adjustment's reason as the manager wrote it, and who made it. */
    note: text('note'),
    adjustedBy: text('adjusted_by'),
    spent: integer('spent').notNull().default(0),
    state: text('state').$type<'pending' | 'confirmed' | 'void' | 'expired'>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    bookingUuid: text('booking_uuid'),
    bookingReference: text('booking_reference'),
    ticketReference: text('ticket_reference'),
    unitId: text('unit_id'),
    /** When the line was written (the payment that confirmed the order). */
    earnedAt: timestamp('earned_at', { mode: 'date', withTimezone: true }).notNull(),
    /** The admission that confirmed it (null while pending, and again after an undone admission). */
    confirmedAt: timestamp('confirmed_at', { mode: 'date', withTimezone: true }),
    /** The first New York date the confirmed points no longer count ("yyyy-MM-dd"); null while pending. */
    expiresOn: text('expires_on'),
    /** When it became void or expired, and why. */
    closedAt: timestamp('closed_at', { mode: 'date', withTimezone: true }),
    closeReason: text('close_reason').$type<'cancelled' | 'refunded' | 'changed' | 'expired' | 'unpaid'>(),
    /** A spend's line: which earning lines it took its points from, to give them back exactly. */
    drawnFrom: jsonb('drawn_from').$type<{ lineId: string; points: number }[]>(),
    /** When the line was last written (stamped by every insert and update through drizzle): the summed points
     * report finds the days a later write changed by it (decision 0064). Lines older than the stamp: 1970. */
    updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow).$onUpdateFn(serverNow),
  },
  (t) => [
    // The lines written since the summing job's last run (decision 0064).
    index('member_points_updated_idx').on(t.updatedAt),
    // The program report's points expired on the days not summed, from the index alone (decision 0064).
    index('member_points_expired_idx').on(t.closedAt, t.points, t.spent).where(sql`state = 'expired'`),
    // A ticket earns once, however many completion calls race.
    uniqueIndex('member_points_ticket_once').on(t.bookingUuid, t.ticketReference).where(sql`reason = 'ticket'`),
    // A challenge pays its points once per member, however many evaluations race.
    uniqueIndex('member_points_challenge_once').on(t.userId, t.reason).where(sql`reason like 'challenge:%'`),
    index('member_points_user_idx').on(t.userId, t.state),
    index('member_points_booking_idx').on(t.bookingUuid),
    // Also the program report's points outstanding, read from the index alone (decision 0057).
    index('member_points_expiry_idx').on(t.expiresOn, t.points, t.spent).where(sql`state = 'confirmed'`),
    // A reward's spend is always negative, a manager's adjustment either way; every other line earns.
    check(
      'member_points_points_signed',
      sql`${t.points} <> 0 and (case when ${t.reason} like 'reward:%' then ${t.points} < 0 when ${t.reason} = 'adjustment' then true else ${t.points} > 0 end)`,
    ),
    check('member_points_spent_within', sql`${t.spent} >= 0 and ${t.spent} <= greatest(${t.points}, 0)`),
    // Also the program report's points earned, spent and outstanding of days read from the lines (decisions
    // 0057, 0064), from the index alone: one range scan per span of days.
    index('member_points_earned_idx').on(t.earnedAt, t.state, t.points, t.spent, t.expiresOn),
    // An order spends on one reward once, and a friend's visit earns its referral once.
    uniqueIndex('member_points_order_spend_once').on(t.orderId).where(sql`reason like 'reward:%'`),
    uniqueIndex('member_points_referral_once').on(t.orderId).where(sql`reason = 'referral'`),
  ],
);

/**
 * The ambassador program as managers edit it (decision 0044): every version of the whole document
 * (config/program.json's shape, programSchema), the newest in force. Version 1 is the file's, seeded on
 * first start; a manager's edit adds the next version with who and why. Never updated, never deleted.
 */
const documentVersions = (name: string) =>
  pgTable(name, {
    version: integer('version').primaryKey(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** The manager's e-mail; null for the seed. */
    editedBy: text('edited_by'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull(),
  });

/** A versioned document's table (decision 0055): every one has these columns. */
export type DocumentVersionsTable = ReturnType<typeof documentVersions>;

export const programVersions = documentVersions('program_versions');

/** Every version of the ticket catalogue (config/catalog.json's shape, catalogSchema), as programVersions
 * keeps the program's (decision 0055): version 1 is the file's, a manager's edit on /staff/catalog the next. */
export const catalogVersions = documentVersions('catalog_versions');

// --- Sky Moments: challenges completed, and the member card in the wallets (decision 0043) ---

/** A challenge a member completed: once per member (the unique index), written by the `program.challenges`
 * job with its token's issue and its points line, in one transaction. `seenAt`: when the profile showed the
 * member its toast (null until then). */
export const memberChallenges = pgTable(
  'member_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: text('challenge_id').notNull(),
    completedAt: timestamp('completed_at', { mode: 'date', withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [uniqueIndex('member_challenges_once').on(t.userId, t.challengeId)],
);

/** A member's membership card, once they added it to a wallet: its serial (the Apple pass's serial and the
 * Google loyalty object's id part, random so that it names no member) and when what it shows last changed
 * (Apple's update tag). Members who never added one have no row, and their changes push nothing. */
export const memberWalletCards = pgTable('member_wallet_cards', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  serialNumber: text('serial_number').notNull().unique(),
  updatedAt: timestamp('updated_at', { mode: 'date', withTimezone: true }).notNull(),
});

/**
 * Guest passes (decision 0042): a Local Legend's "bring a friend" link, one per period (demo: a quarter).
 * unused → claimed (a new member signed up through it) → used (their booking with the free ticket is
 * paid); a booking that does not go through gives the claimed pass back.
 */
export const guestPasses = pgTable(
  'guest_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The unguessable code of the link /join/<code>. */
    code: text('code').notNull().unique(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The period it was given for, e.g. "2027-Q2" (one per member and period). */
    period: text('period').notNull(),
    issuedAt: timestamp('issued_at', { mode: 'date', withTimezone: true }).notNull(),
    /** The new member who signed up through it. */
    friendId: text('friend_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { mode: 'date', withTimezone: true }),
    /** The friend's order that takes (or took) the free ticket: one at a time. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [uniqueIndex('guest_passes_member_period').on(t.memberId, t.period), uniqueIndex('guest_passes_order').on(t.orderId)],
);

// --- the sales report's days, summed (decision 0057) ---

/**
 * The sales report's figures of one local date (the attraction's time zone), channel and product, as the
 * report would sum them from the ledger: written by the recurring `reports.sales-days` job for days that
 * have ended, read back by modules/reports/sales-report.ts for the days `sales_days_state` says are summed.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    date: text('date').notNull(),
    channel: text('channel').notNull(),
    productId: text('product_id').notNull(),
    bookings: integer('bookings').notNull(),
    tickets: integer('tickets').notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.channel, t.productId] })],
);

/** The deck's occupancy report's hours of ended local dates (decision 0045's figures), summed by the same job. */
export const occupancyHours = pgTable(
  'occupancy_hours',
  {
    date: text('date').notNull(),
    hour: integer('hour').notNull(),
    entries: integer('entries').notNull(),
    exits: integer('exits').notNull(),
    peak: integer('peak').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.hour] })],
);

/** The visits report's visit days (slot dates) that have ended (decision 0059), summed by the same job from
 * our bookings: tickets, those admitted, those not (no-shows once `last_slot_end` has passed). */
export const visitsDays = pgTable('visits_days', {
  date: text('date').primaryKey(),
  tickets: integer('tickets').notNull(),
  admitted: integer('admitted').notNull(),
  notAdmitted: integer('not_admitted').notNull(),
  lastSlotEnd: timestamp('last_slot_end', { mode: 'date', withTimezone: true }).notNull(),
});

/** The tokens report's tokens issued on ended local dates, by drop (decision 0064), summed by the same job. */
export const tokensDays = pgTable(
  'tokens_days',
  {
    date: text('date').notNull(),
    dropId: text('drop_id').notNull(),
    issued: integer('issued').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.dropId] })],
);

/** The program report's points of ended local dates (decision 0064), summed by the same job: of the lines
 * earned that day, by expiry date ('' for none), what they earned and spent (not void) and what of the
 * confirmed ones is left unspent now; and what expired that day (its expiry date ''). */
export const pointsDays = pgTable(
  'points_days',
  {
    date: text('date').notNull(),
    expiresOn: text('expires_on').notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull(),
    spent: bigint('spent', { mode: 'number' }).notNull(),
    expired: bigint('expired', { mode: 'number' }).notNull(),
    unspent: bigint('unspent', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.expiresOn] })],
);

/** The places that confirmed and redeemed bookings take in each slot of an option (decision 0067), kept by the
 * database itself: a trigger on `bookings` (migration 0046) adds and takes away a booking's units whenever it
 * enters or leaves those states, its units change or it moves. The availability read takes these and adds the
 * live holds, so it costs the same on a year of bookings as on none. Written by nothing else. */
export const slotTaken = pgTable(
  'slot_taken',
  {
    optionId: text('option_id').notNull(),
    slotStart: timestamp('slot_start', { mode: 'date', withTimezone: true }).notNull(),
    taken: integer('taken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.slotStart] })],
);

/**
 * How far each report's sums go, one row per report (`sales`, `occupancy`, `visits`, `tokens`, `points`): every local date up to `through`
 * (in `time_zone`) is summed, and the sums hold every write stamped before `consistent_at` less the margin
 * (modules/reports/summed-days.ts); a summed day changed since (an order's tickets changed, a reseller's
 * booking amended, an admission undone) is read from its rows again until the next run.
 */
export const reportSumsState = pgTable('report_sums_state', {
  id: text('id').primaryKey(),
  timeZone: text('time_zone').notNull(),
  through: text('through').notNull(),
  consistentAt: timestamp('consistent_at', { mode: 'date', withTimezone: true }).notNull(),
});
// --- the fair on-sale's queue (modules/onsale, docs/decisions/0056) ---

/**
 * An on-sale: from `opensAt`, buyers of `productId` (null: every product) for `day` (a local date; null: every
 * day) go through the queue. SCHEDULED while buyers gather in the pre-queue; OPEN from the opening (the
 * pre-queue put in random order once); ENDED when it is over (sold out and emptied, ended by a manager, or an
 * automatic one whose time ran out); CANCELLED before it opened. The queue's shared counters live on this row,
 * so every server sharing the database lets the same buyers through and a restart loses nothing:
 * `nextPosition` places given, `servedThrough` places let through, `allowance` the admissions not yet used
 * (a token bucket refilled at `ratePerMinute`, at most one minute's worth), `tickedAt` its last refill.
 */
export const onsales = pgTable(
  'onsales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'scheduled' | 'auto'>().notNull().default('scheduled'),
    productId: text('product_id'),
    day: text('day'),
    opensAt: timestamp('opens_at', { mode: 'date', withTimezone: true }).notNull(),
    /** An automatic queue switches itself off then; a scheduled one ends when a manager ends it. */
    endsAt: timestamp('ends_at', { mode: 'date', withTimezone: true }),
    ratePerMinute: integer('rate_per_minute').notNull(),
    status: text('status').$type<'SCHEDULED' | 'OPEN' | 'ENDED' | 'CANCELLED'>().notNull().default('SCHEDULED'),
    nextPosition: integer('next_position').notNull().default(0),
    servedThrough: integer('served_through').notNull().default(0),
    allowance: doublePrecision('allowance').notNull().default(0),
    tickedAt: timestamp('ticked_at', { mode: 'date', withTimezone: true }),
    /** When the last place in its scope was held: the queue is told at once. */
    soldOutAt: timestamp('sold_out_at', { mode: 'date', withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
  },
  (t) => [index('onsales_status_idx').on(t.status, t.opensAt)],
);

/** A member in an on-sale's queue: `position` is null in the pre-queue and given once at the opening
 * (random among the pre-queue, then in order of arrival); let through when `servedThrough` reaches it. The
 * pass issued then is used once (`passUsedAt`, in the hold's transaction). */
export const onsaleQueue = pgTable(
  'onsale_queue',
  {
    onsaleId: uuid('onsale_id')
      .notNull()
      .references(() => onsales.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { mode: 'date', withTimezone: true }).notNull().defaultNow().$defaultFn(serverNow),
    position: integer('position'),
    admittedAt: timestamp('admitted_at', { mode: 'date', withTimezone: true }),
    passUsedAt: timestamp('pass_used_at', { mode: 'date', withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.onsaleId, t.userId] }), uniqueIndex('onsale_queue_position').on(t.onsaleId, t.position)],
);
