// Reading QR codes from the device camera: the browser's BarcodeDetector where it has one, else ZXing
// (@zxing/browser), loaded only then, so the gate page stays small.
type Stop = () => void;

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

async function nativeDetector(): Promise<Detector | undefined> {
  const Native = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
  return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : undefined;
}

/** Starts the back camera in `video` and calls `onCode` with each QR code read. */
export async function startCameraScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<Stop> {
  const detector = await nativeDetector();
  if (!detector) {
    const { BrowserQRCodeReader } = await import('@zxing/browser');
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 100 });
    const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video, (result) => {
      if (result) onCode(result.getText());
    });
    return () => controls.stop();
  }
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  video.srcObject = stream;
  await video.play();
  let running = true;
  const tick = async () => {
    if (!running) return;
    if (video.readyState >= 2) {
      const codes = await detector.detect(video).catch(() => []);
      if (codes[0]) onCode(codes[0].rawValue);
    }
    setTimeout(() => void tick(), 100);
  };
  void tick();
  return () => {
    running = false;
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
}
