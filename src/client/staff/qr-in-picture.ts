// The QR code in one picture of the camera (RGBA pixels), read with jsQR (decision 0070). ZXing's
// JavaScript port, used before, missed about one ticket in ten even in a sharp, straight picture.
import jsQR from 'jsqr';

export type Picture = { data: Uint8ClampedArray; width: number; height: number };

/** The text of the QR code in the picture, or undefined when it holds none that can be read. */
export function qrInPicture({ data, width, height }: Picture): string | undefined {
  return jsQR(data, width, height)?.data || undefined;
}
