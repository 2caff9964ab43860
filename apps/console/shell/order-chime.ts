/**
 * The console's new-order sound: two short beeps made with Web Audio, so there is no sound file
 * to download. Browsers start audio only after a tap or key on the page, so the chime is unlocked
 * by the first one (sign-in counts) and says until then that it cannot sound.
 */

interface ChimeNode {
  connect(destination: ChimeNode): unknown;
}

interface ChimeParam {
  setValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
}

/** The parts of Web Audio the chime uses; a fake in tests. */
export interface ChimeAudio {
  readonly state: string;
  readonly currentTime: number;
  readonly destination: ChimeNode;
  resume(): Promise<void>;
  createOscillator(): ChimeNode & {
    type: OscillatorType;
    frequency: ChimeParam;
    start(time: number): void;
    stop(time: number): void;
  };
  createGain(): ChimeNode & { gain: ChimeParam };
}

export type ChimeState = 'unsupported' | 'locked' | 'ready';

export interface OrderChime {
  /** Called from a tap or key press, the one moment browsers let audio start; answers the state after. */
  unlock(): Promise<ChimeState>;
  state(): ChimeState;
  /** Beeps; false when the browser has not let the page make sound yet. */
  play(): boolean;
}

const BEEPS = [
  { at: 0, frequency: 880 },
  { at: 0.25, frequency: 1175 },
];
const BEEP_SECONDS = 0.18;
const VOLUME = 0.3;

function defaultAudio(): ChimeAudio | null {
  return typeof AudioContext === 'function' ? new AudioContext() : null;
}

export function createOrderChime(makeAudio: () => ChimeAudio | null = defaultAudio): OrderChime {
  let audio: ChimeAudio | null | undefined;
  const context = () => {
    if (audio === undefined) {
      try {
        audio = makeAudio();
      } catch {
        audio = null;
      }
    }
    return audio;
  };
  const state = (): ChimeState => {
    if (audio === undefined) return 'locked';
    if (audio === null) return 'unsupported';
    return audio.state === 'running' ? 'ready' : 'locked';
  };
  return {
    unlock() {
      const made = context();
      if (!made || made.state === 'running') return Promise.resolve(state());
      return made.resume().then(state, state);
    },
    state,
    play() {
      if (state() !== 'ready' || !audio) return false;
      const start = audio.currentTime;
      for (const beep of BEEPS) {
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(beep.frequency, start + beep.at);
        gain.gain.setValueAtTime(VOLUME, start + beep.at);
        // A ramp to near silence instead of a hard stop, which clicks.
        gain.gain.exponentialRampToValueAtTime(0.0001, start + beep.at + BEEP_SECONDS);
        oscillator.connect(gain);
        gain.connect(audio.destination);
        oscillator.start(start + beep.at);
        oscillator.stop(start + beep.at + BEEP_SECONDS);
      }
      return true;
    },
  };
}
