// A Y4M video of a QR code, for Chromium's fake camera (--use-file-for-fake-video-capture): a text header,
// then raw I420 frames (the luma plane, then the two chroma planes at quarter size).
import fs from 'node:fs';
import { qrLuma } from '../support/qr-picture';

const WIDTH = 640;
const HEIGHT = 480;

export function writeQrVideo(file: string, text: string): void {
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), qrLuma(text, WIDTH, HEIGHT), chroma]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
