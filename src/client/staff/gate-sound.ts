// The gate's sounds, made with Web Audio (no file to load): one high beep for VALID, two low for the rest.
let context: AudioContext | undefined;

export function playVerdictSound(ok: boolean): void {
  try {
    context ??= new AudioContext();
    const at = context.currentTime;
    const beeps = ok ? [{ start: 0, frequency: 1320 }] : [
      { start: 0, frequency: 330 },
      { start: 0.22, frequency: 330 },
    ];
    for (const beep of beeps) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = beep.frequency;
      oscillator.type = ok ? 'sine' : 'square';
      gain.gain.setValueAtTime(0.2, at + beep.start);
      gain.gain.exponentialRampToValueAtTime(0.001, at + beep.start + 0.18);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at + beep.start);
      oscillator.stop(at + beep.start + 0.2);
    }
  } catch {
    // No audio here (or not yet allowed): the colour and the words carry the verdict.
  }
}
