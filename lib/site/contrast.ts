/** WCAG 2.x colour contrast of #rrggbb colours, and the mixing the dark themes are made with. */

export const AA_NORMAL_TEXT = 4.5;

function channels(hex: string): [number, number, number] {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new RangeError(`expected a colour as #rrggbb, got ${JSON.stringify(hex)}`);
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

/** WCAG 2.x relative luminance. */
export function luminance(hex: string): number {
  const [red, green, blue] = channels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(a: string, b: string): number {
  const [lighter = 0, darker = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** `amount` (0 to 1) of `colour` over `base`, channel by channel. */
export function mix(colour: string, base: string, amount: number): string {
  const top = channels(colour);
  const bottom = channels(base);
  return `#${top
    .map((value, index) =>
      Math.round(value * amount + (bottom[index] ?? 0) * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function toHsl(hex: string): [number, number, number] {
  const [red, green, blue] = channels(hex).map((value) => value / 255) as [number, number, number];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  if (max === min) return [0, 0, lightness];
  const delta = max - min;
  const saturation = lightness > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  const hue =
    max === red
      ? (green - blue) / delta + (green < blue ? 6 : 0)
      : max === green
        ? (blue - red) / delta + 2
        : (red - green) / delta + 4;
  return [hue / 6, saturation, lightness];
}

function fromHsl(hue: number, saturation: number, lightness: number): string {
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (offset: number) => {
    const t = (((hue + offset) % 1) + 1) % 1;
    const value = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1 / 3)}${channel(0)}${channel(-1 / 3)}`;
}

/** The colour with its HSL lightness raised to `lightness` (0 to 1), hue and saturation kept: a brand colour for a dark page. */
export function withLightness(hex: string, lightness: number): string {
  const [hue, saturation] = toHsl(hex);
  return fromHsl(hue, saturation, Math.min(1, Math.max(0, lightness)));
}
