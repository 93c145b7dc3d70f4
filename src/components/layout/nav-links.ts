/** The home page's sections, linked from the navbar and the footer (anchors of docs/product.md#pages). */
export const SECTION_LINKS = [
  { href: '/#HowItWorks', labelKey: 'nav.howItWorks' },
  { href: '/#Artwork', labelKey: 'nav.artwork' },
  { href: '/#FAQ', labelKey: 'nav.faq' },
] as const;
