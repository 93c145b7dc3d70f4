// Reading QR codes from the device camera: the browser's BarcodeDetector where it has one, else jsQR
// (qr-in-picture.ts), loaded only then, so the gate page stays small. The camera, the video and the reading
// loop are ours in both cases: a busy phone (or a loaded test machine) can take seconds to start playing.
type Stop = () => void;
/** Reads one frame of the video: the QR code's text, or undefined when there is none. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | undefined>;

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

const READ_EVERY_MS = 100;
/** A camera that shows no picture within this time is reported as missing, not waited for forever. */
const START_TIMEOUT_MS = 30_000;

async function nativeReader(): Promise<FrameReader | undefined> {
  const Native = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return undefined;
  const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
  if (!formats.includes('qr_code')) return undefined;
  const detector = new Native({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue;
}

async function pictureReader(): Promise<FrameReader> {
  const { qrInPicture } = await import('./qr-in-picture');
  const canvas = document.createElement('canvas');
  // Read back every frame: kept in memory the browser can read from, not on the GPU.
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    return qrInPicture(context.getImageData(0, 0, width, height));
  };
}

async function play(video: HTMLVideoElement): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the camera showed no picture')), START_TIMEOUT_MS);
  });
  try {
    await Promise.race([video.play(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the back camera in `video` and calls `onCode` with each QR code read. */
export async function startCameraScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<Stop> {
  const read = (await nativeReader()) ?? (await pictureReader());
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
  const release = () => {
    stream.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };
  video.srcObject = stream;
  try {
    await play(video);
  } catch (error) {
    release();
    throw error;
  }
  let running = true;
  const tick = async () => {
    if (!running) return;
    if (video.readyState >= 2 && video.videoWidth > 0) {
      const text = await read(video);
      if (text && running) onCode(text);
    }
    setTimeout(() => void tick(), READ_EVERY_MS);
  };
  void tick();
  return () => {
    running = false;
    release();
  };
}
