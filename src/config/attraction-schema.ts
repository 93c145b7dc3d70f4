// The shape config/attraction.json must have; checked at start-up (src/config/check-all.ts).
import { z } from 'zod';

const link = z.url({ protocol: /^https?$/, error: 'must be an http(s) address' });

export const attractionSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and hyphens'),
  name: z.string().min(1),
  brand: z.string().min(1),
  timeZone: z.string().refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/New_York'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD'),
  mailFrom: z.string().min(3),
  mainSite: link,
  /** The street address, for calendar entries and wallet passes. */
  address: z.string().min(3),
  links: z.object({ safety: link, hours: link, news: link, contact: link, policies: link, privacy: link, terms: link }),
  socials: z.object({ facebook: link, x: link, youtube: link, instagram: link, pinterest: link, weibo: link, tiktok: link }),
  reviewBadge: z.object({ url: link, rating: z.number().min(0).max(5), year: z.number().int().min(2000) }),
});
