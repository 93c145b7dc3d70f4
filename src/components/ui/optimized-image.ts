// A photo's addresses at the image optimiser (/_next/image), for a plain <img>: what next/image writes for
// it, without next/image's client code (about 5 KB gzip, most of what kept /products over its first-load
// budget; decision 0058). The widths and quality must be among next.config.ts's images (a unit test keeps them).
export const PHOTO_WIDTHS = [384, 640, 750, 828, 1080, 1200] as const;
/** The photos' own width (config/catalog.json's photos are 1200 x 800): the optimiser does not enlarge. */
const WIDEST = 1200;
export const PHOTO_QUALITY = 75;

const address = (src: string, width: number) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${PHOTO_QUALITY}`;

/** `src` (the widest, which is the photos' own width) and `srcSet` for a photo of the site. */
export function optimizedPhoto(src: string): { src: string; srcSet: string } {
  return { src: address(src, WIDEST), srcSet: PHOTO_WIDTHS.map((w) => `${address(src, w)} ${w}w`).join(', ') };
}
