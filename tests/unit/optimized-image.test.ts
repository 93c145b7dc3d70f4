import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';
import { optimizedPhoto, PHOTO_QUALITY, PHOTO_WIDTHS } from '@/components/ui/optimized-image';

describe('optimizedPhoto', () => {
  it('asks the optimiser only for widths and the quality next.config.ts allows (others answer 400)', () => {
    const images = nextConfig.images!;
    const allowed = [...images.imageSizes!, ...images.deviceSizes!];
    for (const width of PHOTO_WIDTHS) expect(allowed, `width ${width}`).toContain(width);
    expect(images.qualities).toContain(PHOTO_QUALITY);
  });

  it('writes the source set from the narrowest to the photos’ own width, the path escaped', () => {
    const { src, srcSet } = optimizedPhoto('/images/products/main deck.jpg');
    expect(src).toBe('/_next/image?url=%2Fimages%2Fproducts%2Fmain%20deck.jpg&w=1200&q=75');
    expect(srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['384w', '640w', '750w', '828w', '1080w', '1200w']);
    expect(srcSet.split(', ')[0]).toBe('/_next/image?url=%2Fimages%2Fproducts%2Fmain%20deck.jpg&w=384&q=75 384w');
  });
});
