// The product photos the site serves (public/images/products), offered to managers on /staff/catalog as a
// product's image (decision 0055; uploaded photos are served from DATA_DIR: product-photos.ts).
import fs from 'node:fs';
import path from 'node:path';

const FOLDER = path.join('public', 'images', 'products');

export function catalogImages(): string[] {
  const folder = path.join(process.cwd(), FOLDER);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((file) => /\.(jpe?g|png|webp|avif)$/i.test(file))
    .sort()
    .map((file) => `/images/products/${file}`);
}
