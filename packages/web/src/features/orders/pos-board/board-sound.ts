/**
 * The board's tones, made with the Web Audio API (no sound files to load). Browsers keep audio locked
 * until a user gesture: `unlockSound()` is called from the "tap to enable sound" button.
 */
let ctx: AudioContext | null = null;

export const soundUnlocked = () => ctx?.state === 'running';

export const unlockSound = async (): Promise<boolean> => {
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return false;
  ctx ??= new Ctor();
  if (ctx.state !== 'running') await ctx.resume().catch(() => {});
  return ctx.state === 'running';
};

const tone = (freq: number, at: number, length: number, type: OscillatorType = 'sine') => {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ctx.currentTime + at;
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(0.5, t0 + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.05);
};

/** New order: a bright rising double chime. */
export const playNewOrder = () => {
  if (!soundUnlocked()) return;
  tone(880, 0, 0.18);
  tone(1320, 0.2, 0.3);
};

/** Cancellation: a low falling buzz, clearly unlike the new-order chime. */
export const playCanceled = () => {
  if (!soundUnlocked()) return;
  tone(440, 0, 0.25, 'square');
  tone(294, 0.28, 0.45, 'square');
};
