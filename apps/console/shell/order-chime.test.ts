import { describe, expect, it } from 'vitest';
import { createOrderChime, type ChimeAudio } from './order-chime.ts';

/** Web Audio as far as the chime uses it, recording the tones it schedules. */
function fakeAudio(startsRunning = false) {
  const tones: { frequency: number; start: number; stop: number }[] = [];
  const node = { connect: () => undefined };
  const param = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
  const audio: ChimeAudio & { state: string } = {
    state: startsRunning ? 'running' : 'suspended',
    currentTime: 12,
    destination: node,
    resume: async () => {
      audio.state = 'running';
    },
    createOscillator: () => {
      const tone = { frequency: 0, start: 0, stop: 0 };
      tones.push(tone);
      return {
        ...node,
        type: 'sine',
        frequency: { ...param, setValueAtTime: (value: number) => void (tone.frequency = value) },
        start: (time: number) => void (tone.start = time),
        stop: (time: number) => void (tone.stop = time),
      };
    },
    createGain: () => ({ ...node, gain: param }),
  };
  return { audio, tones };
}

describe('the new-order chime', () => {
  it('stays silent until a tap lets the page make sound', async () => {
    const { audio, tones } = fakeAudio();
    const chime = createOrderChime(() => audio);
    expect(chime.state()).toBe('locked');
    expect(chime.play()).toBe(false);
    await expect(chime.unlock()).resolves.toBe('ready');
    expect(tones).toEqual([]);
  });

  it('beeps twice, rising, from now', async () => {
    const { audio, tones } = fakeAudio();
    const chime = createOrderChime(() => audio);
    await chime.unlock();
    expect(chime.play()).toBe(true);
    expect(tones.map((tone) => tone.frequency)).toEqual([880, 1175]);
    expect(tones.every((tone) => tone.start >= 12 && tone.stop > tone.start)).toBe(true);
  });

  it('stays locked while the browser still refuses to resume audio', async () => {
    const { audio } = fakeAudio();
    audio.resume = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
    const chime = createOrderChime(() => audio);
    await expect(chime.unlock()).resolves.toBe('locked');
    expect(chime.play()).toBe(false);
  });

  it('is simply unavailable without Web Audio', async () => {
    const chime = createOrderChime(() => null);
    await expect(chime.unlock()).resolves.toBe('unsupported');
    expect(chime.play()).toBe(false);
  });
});
