// A QR code as a camera would see it held square in front of it: the luma (brightness) plane of a
// width × height picture, studio range (black 16, white 235), the code centred with its quiet zone.
// Drawn from the QR matrix itself, so no image tools are needed.
import QRCode from 'qrcode';

export function qrLuma(text: string, width: number, height: number): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (size + 2 * quiet));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) luma.fill(16, (top + row * scale + y) * width + left + col * scale, (top + row * scale + y) * width + left + (col + 1) * scale);
    }
  }
  return luma;
}
