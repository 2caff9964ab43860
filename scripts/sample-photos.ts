import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { seededRandom, type Random } from './lib/seeded-random.ts';

/**
 * Draws the sample shop fire-and-slice's product photos: top-down illustrations of its dishes, from
 * SVG written here, seeded so every run gives the same pictures. The JPEGs it writes are the
 * tenant's source files (`tenants/fire-and-slice/public/photos/`); the build makes the variants.
 *
 *   npm run sample-photos [-- --out tenants/fire-and-slice/public/photos]
 */

const WIDTH = 960;
const HEIGHT = 720;
const CX = WIDTH / 2;
const CY = HEIGHT / 2;

const round = (value: number) => Math.round(value * 10) / 10;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

/** A closed, wobbly outline around (cx, cy): cheese, sauce, dough never come out as perfect circles. */
function blob(random: Random, cx: number, cy: number, rx: number, ry: number, wobble: number, points = 12): string {
  const vertices = Array.from({ length: points }, (_, index) => {
    const angle = (index / points) * Math.PI * 2;
    const scale = 1 + between(random, -wobble, wobble);
    return [cx + Math.cos(angle) * rx * scale, cy + Math.sin(angle) * ry * scale] as const;
  });
  // Catmull-Rom through the vertices, as cubic Béziers.
  const at = (index: number) => vertices[(index + points) % points] as readonly [number, number];
  let path = `M${round(at(0)[0])},${round(at(0)[1])}`;
  for (let index = 0; index < points; index += 1) {
    const [p0, p1, p2, p3] = [at(index - 1), at(index), at(index + 1), at(index + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    path += `C${round(c1[0] ?? 0)},${round(c1[1] ?? 0)} ${round(c2[0] ?? 0)},${round(c2[1] ?? 0)} ${round(p2[0])},${round(p2[1])}`;
  }
  return `${path}Z`;
}

/** A point spread evenly (sunflower pattern, jittered) over a disc or an ellipse, for toppings. */
function scatter(random: Random, count: number, cx: number, cy: number, rx: number, ry = rx): [number, number][] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  const offset = random() * Math.PI * 2;
  return Array.from({ length: count }, (_, index) => {
    const distance = Math.sqrt((index + 0.5) / count) * between(random, 0.9, 1.02);
    const angle = index * golden + offset + between(random, -0.25, 0.25);
    return [round(cx + Math.cos(angle) * rx * distance), round(cy + Math.sin(angle) * ry * distance)];
  });
}

const defs = `
  <radialGradient id="table" cx="50%" cy="42%" r="80%"><stop offset="0" stop-color="#6b4a33"/><stop offset="0.7" stop-color="#3b281b"/><stop offset="1" stop-color="#1f150e"/></radialGradient>
  <filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.006 0.09" numOctaves="3" seed="7"/><feColorMatrix values="0 0 0 0 0.12  0 0 0 0 0.07  0 0 0 0 0.03  0 0 0 0.55 0"/></filter>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#000" flood-opacity="0.55"/></filter>
  <filter id="soft"><feGaussianBlur stdDeviation="2"/></filter>
  <filter id="blur6"><feGaussianBlur stdDeviation="6"/></filter>
  <radialGradient id="crust" cx="50%" cy="50%" r="50%"><stop offset="0.78" stop-color="#f0c27a"/><stop offset="0.9" stop-color="#d98f43"/><stop offset="1" stop-color="#a45d24"/></radialGradient>
  <radialGradient id="tomato" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#d9452a"/><stop offset="1" stop-color="#a82a17"/></radialGradient>
  <radialGradient id="white" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#fbf0cf"/><stop offset="1" stop-color="#ecd39a"/></radialGradient>
  <radialGradient id="verde" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#8aa64a"/><stop offset="1" stop-color="#5d7a2c"/></radialGradient>
  <radialGradient id="mozz" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#fffdf4"/><stop offset="0.7" stop-color="#fbefcd"/><stop offset="1" stop-color="#e9c98a"/></radialGradient>
  <radialGradient id="burrata" cx="38%" cy="32%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.75" stop-color="#f6efe0"/><stop offset="1" stop-color="#d9cbb0"/></radialGradient>
  <radialGradient id="salami" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#c0392b"/><stop offset="0.85" stop-color="#962619"/><stop offset="1" stop-color="#5e140c"/></radialGradient>
  <radialGradient id="mortadella" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#f6b8b0"/><stop offset="1" stop-color="#e48f86"/></radialGradient>
  <radialGradient id="meatball" cx="38%" cy="32%" r="70%"><stop offset="0" stop-color="#9a5b36"/><stop offset="1" stop-color="#4a2713"/></radialGradient>
  <radialGradient id="bowl" cx="50%" cy="50%" r="50%"><stop offset="0.86" stop-color="#2f3a40"/><stop offset="0.94" stop-color="#4b5a62"/><stop offset="1" stop-color="#1e262a"/></radialGradient>
  <radialGradient id="plate" cx="50%" cy="50%" r="50%"><stop offset="0.8" stop-color="#f7f4ee"/><stop offset="0.93" stop-color="#e6e0d4"/><stop offset="1" stop-color="#c9c1b2"/></radialGradient>
  <radialGradient id="cream" cx="40%" cy="35%" r="65%"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#efe0bf"/></radialGradient>
  <radialGradient id="espresso" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#b9773e"/><stop offset="0.55" stop-color="#7a4520"/><stop offset="1" stop-color="#3a1d0b"/></radialGradient>
  <linearGradient id="leaf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3f9142"/><stop offset="1" stop-color="#1d5e22"/></linearGradient>
  <linearGradient id="bread" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2c77e"/><stop offset="1" stop-color="#c98436"/></linearGradient>
`;

/** The table, the shadowed base and whatever lies on it. */
function scene(content: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><defs>${defs}</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#table)"/><rect width="${WIDTH}" height="${HEIGHT}" filter="url(#grain)"/>
${content}</svg>`;
}

type Base = 'tomato' | 'white' | 'verde';
type Topping = (random: Random, spots: [number, number][]) => string;

const basil: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const size = between(random, 18, 26);
      const angle = round(between(random, 0, 360));
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0,${-size}C${size * 0.75},${-size * 0.45} ${size * 0.7},${size * 0.55} 0,${size}C${-size * 0.7},${size * 0.55} ${-size * 0.75},${-size * 0.45} 0,${-size}Z" fill="url(#leaf)"/><path d="M0,${-size * 0.8}L0,${size * 0.85}" stroke="#7fc27f" stroke-width="1.6" opacity="0.7"/></g>`;
    })
    .join('');

const mozzarella: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<path d="${blob(random, x, y, between(random, 34, 50), between(random, 30, 46), 0.25, 9)}" fill="url(#mozz)"/>`,
    )
    .join('');

const salami: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const r = between(random, 30, 38);
      const specks = scatter(random, 7, x, y, r * 0.7)
        .map(([sx, sy]) => `<circle cx="${sx}" cy="${sy}" r="${round(between(random, 2, 3.6))}" fill="#f3cdb9"/>`)
        .join('');
      return `<path d="${blob(random, x, y, r, r, 0.06, 10)}" fill="url(#salami)"/>${specks}`;
    })
    .join('');

const chilli: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${round(between(random, 9, 12))}" fill="none" stroke="#e0301e" stroke-width="6"/><circle cx="${x}" cy="${y}" r="3" fill="#f6d365"/>`,
    )
    .join('');

/** A chef's back-and-forth drizzle over the middle of a pizza, in smooth waves. */
const drizzle =
  (colour: string, width: number, opacity = 0.92): Topping =>
  (random, spots) => {
    const rows = spots.length;
    const paths = spots.map(([, y], index) => {
      const rowY = CY + (index - (rows - 1) / 2) * (380 / rows) + between(random, -8, 8);
      const half = Math.sqrt(Math.max(0, 215 ** 2 - (rowY - CY) ** 2));
      const [from, to] = index % 2 === 0 ? [CX - half, CX + half] : [CX + half, CX - half];
      const lift = between(random, 14, 26) * (y > CY ? 1 : -1);
      return `M${round(from)},${round(rowY)}C${round(from + (to - from) / 3)},${round(rowY - lift)} ${round(from + ((to - from) * 2) / 3)},${round(rowY + lift)} ${round(to)},${round(rowY + between(random, -10, 10))}`;
    });
    return `<path d="${paths.join('')}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`;
  };

const honey = drizzle('#e9a93a', 6, 0.8);

const crumbles =
  (fill: string, size: number): Topping =>
  (random, spots) =>
    spots
      .map(
        ([x, y]) =>
          `<path d="${blob(random, x, y, size * between(random, 0.7, 1.2), size * between(random, 0.6, 1), 0.35, 7)}" fill="${fill}"/>`,
      )
      .join('');

const onionRings: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const r = between(random, 14, 22);
      const start = between(random, 0, Math.PI * 2);
      const end = start + between(random, 2.4, 4.6);
      return `<path d="M${round(x + Math.cos(start) * r)},${round(y + Math.sin(start) * r)} A${round(r)},${round(r)} 0 ${end - start > Math.PI ? 1 : 0} 1 ${round(x + Math.cos(end) * r)},${round(y + Math.sin(end) * r)}" fill="none" stroke="#d46aa1" stroke-width="5" stroke-linecap="round"/>`;
    })
    .join('');

const smallLeaves =
  (fill: string, size: number): Topping =>
  (random, spots) =>
    spots
      .map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="${size}" ry="${round(size * 0.45)}" transform="rotate(${round(between(random, 0, 180))} ${x} ${y})" fill="${fill}"/>`,
      )
      .join('');

const specks =
  (fill: string, low: number, high: number): Topping =>
  (random, spots) =>
    spots
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${round(between(random, low, high))}" fill="${fill}"/>`)
      .join('');

const anchovies: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const angle = round(between(random, 0, 180));
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M-30,0C-18,-8 18,-8 30,-2C18,6 -18,8 -30,0Z" fill="#6e5a4a"/><path d="M-26,-1C-10,-4 10,-4 26,-2" stroke="#c9b8a6" stroke-width="2" fill="none"/></g>`;
    })
    .join('');

const olives: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${round(between(random, 10, 13))}" fill="#2a211d"/><circle cx="${x}" cy="${y}" r="4.5" fill="#5b1f14"/><circle cx="${x - 4}" cy="${y - 5}" r="2.5" fill="#7a6a62" opacity="0.8"/>`,
    )
    .join('');

const pancetta: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const angle = round(between(random, 0, 180));
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-26" y="-9" width="52" height="18" rx="7" fill="#e49a8e"/><rect x="-26" y="-2" width="52" height="5" fill="#fbe6dc"/><rect x="-26" y="-9" width="52" height="18" rx="7" fill="none" stroke="#a34d3c" stroke-width="2"/></g>`;
    })
    .join('');

const mushrooms: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const angle = round(between(random, 0, 360));
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M-22,2C-22,-16 22,-16 22,2C14,4 8,3 6,4L7,18C2,21 -2,21 -7,18L-6,4C-8,3 -14,4 -22,2Z" fill="#d7b48c" stroke="#7b5435" stroke-width="3"/></g>`;
    })
    .join('');

const zucchini: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${round(between(random, 17, 21))}" fill="#e9e5a9" stroke="#3d6b28" stroke-width="4"/><circle cx="${x}" cy="${y}" r="6" fill="#d5cf87" opacity="0.8"/>`,
    )
    .join('');

const broccolini: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const angle = round(between(random, 0, 360));
      const buds = scatter(random, 7, 0, -16, 14, 10)
        .map(([bx, by]) => `<circle cx="${bx}" cy="${by}" r="6.5" fill="#3f7a2a"/>`)
        .join('');
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-4" y="-6" width="8" height="34" rx="4" fill="#86b05a"/>${buds}</g>`;
    })
    .join('');

const mortadella: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const r = between(random, 52, 62);
      const fat = scatter(random, 9, x, y, r * 0.75)
        .map(([fx, fy]) => `<circle cx="${fx}" cy="${fy}" r="${round(between(random, 2.5, 4.5))}" fill="#fff3ee"/>`)
        .join('');
      return `<path d="${blob(random, x, y, r, r * 0.85, 0.12, 10)}" fill="url(#mortadella)" stroke="#c86d65" stroke-width="2"/>${fat}`;
    })
    .join('');

const stracciatella: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<path d="${blob(random, x, y, between(random, 26, 36), between(random, 22, 30), 0.4, 9)}" fill="#fffdf7" opacity="0.96"/>`,
    )
    .join('');

const potato: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<ellipse cx="${x}" cy="${y}" rx="${round(between(random, 26, 32))}" ry="${round(between(random, 22, 27))}" fill="#f3dc98" stroke="#c48a3a" stroke-width="3" opacity="0.97"/>`,
    )
    .join('');

const rosemary: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const angle = round(between(random, 0, 180));
      return `<line x1="${x - 9}" y1="${y}" x2="${x + 9}" y2="${y}" transform="rotate(${angle} ${x} ${y})" stroke="#2f5a33" stroke-width="3.2" stroke-linecap="round"/>`;
    })
    .join('');

const cavoloNero: Topping = (random, spots) =>
  spots
    .map(([x, y]) => {
      const angle = round(between(random, 0, 360));
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="${blob(random, 0, 0, 34, 16, 0.3, 14)}" fill="#25432c"/><path d="M-30,0L30,0" stroke="#6d8f6f" stroke-width="2.5"/></g>`;
    })
    .join('');

const gorgonzola: Topping = (random, spots) =>
  spots
    .map(
      ([x, y]) =>
        `<path d="${blob(random, x, y, between(random, 20, 28), between(random, 18, 24), 0.3, 8)}" fill="#f2efe4"/><circle cx="${x + between(random, -6, 6)}" cy="${y + between(random, -6, 6)}" r="5" fill="#7e93a3" opacity="0.8"/>`,
    )
    .join('');

const burrata: Topping = (random) => {
  const tears = scatter(random, 6, CX, CY, 150)
    .map(([x, y]) => `<path d="${blob(random, x, y, 32, 24, 0.4, 9)}" fill="#fffdf8"/>`)
    .join('');
  return `${tears}<circle cx="${CX}" cy="${CY + 6}" r="96" fill="#000" opacity="0.25" filter="url(#blur6)"/><path d="${blob(random, CX, CY, 92, 88, 0.05, 12)}" fill="url(#burrata)"/><path d="M${CX - 40},${CY - 30}C${CX - 10},${CY - 10} ${CX + 10},${CY + 10} ${CX + 34},${CY + 34}" stroke="#e9dcc4" stroke-width="5" fill="none"/>`;
};

interface PizzaSpec {
  seed: number;
  base: Base;
  cheese?: number;
  toppings: [Topping, number][];
}

function pizza({ seed, base, cheese = 0, toppings }: PizzaSpec): string {
  const random = seededRandom(seed);
  const r = 325;
  const char = scatter(random, 26, CX, CY, r * 0.97)
    .filter(([x, y]) => Math.hypot(x - CX, y - CY) > r * 0.8)
    .map(
      ([x, y]) =>
        `<ellipse cx="${x}" cy="${y}" rx="${round(between(random, 6, 15))}" ry="${round(between(random, 4, 9))}" fill="#3b2210" opacity="${round(between(random, 0.45, 0.8))}" filter="url(#soft)"/>`,
    )
    .join('');
  const cheeseLayer = cheese > 0 ? mozzarella(random, scatter(random, cheese, CX, CY, r * 0.66)) : '';
  const layers = toppings.map(([topping, count]) => topping(random, scatter(random, count, CX, CY, r * 0.68))).join('');
  const sheen = scatter(random, 5, CX, CY, r * 0.6)
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="18" ry="7" fill="#fff" opacity="0.12"/>`)
    .join('');
  return scene(
    `<g filter="url(#shadow)"><path d="${blob(random, CX, CY, r, r, 0.025, 16)}" fill="url(#crust)"/></g>${char}` +
      `<path d="${blob(random, CX, CY, r * 0.8, r * 0.8, 0.035, 16)}" fill="url(#${base})"/>${cheeseLayer}${layers}${sheen}`,
  );
}

function pinsa({ seed, base, cheese = 0, toppings }: PizzaSpec): string {
  const random = seededRandom(seed);
  const [rx, ry] = [380, 230];
  const layers = toppings
    .map(([topping, count]) => topping(random, scatter(random, count, CX, CY, rx * 0.7, ry * 0.62)))
    .join('');
  return scene(
    `<g transform="rotate(-8 ${CX} ${CY})"><g filter="url(#shadow)"><path d="${blob(random, CX, CY, rx, ry, 0.03, 18)}" fill="url(#crust)"/></g>` +
      `<path d="${blob(random, CX, CY, rx * 0.85, ry * 0.76, 0.04, 18)}" fill="url(#${base})"/>${cheese > 0 ? mozzarella(random, scatter(random, cheese, CX, CY, rx * 0.7, ry * 0.6)) : ''}${layers}</g>`,
  );
}

function sliceAndDip(): string {
  const random = seededRandom(25);
  const slice = `<g transform="rotate(-6 400 380)"><g filter="url(#shadow)"><rect x="170" y="150" width="460" height="460" rx="26" fill="url(#crust)"/></g><rect x="200" y="180" width="400" height="400" rx="14" fill="url(#tomato)"/>${mozzarella(random, scatter(random, 9, 400, 380, 150))}${basil(random, scatter(random, 5, 400, 380, 140))}</g>`;
  const pot = `<g filter="url(#shadow)"><circle cx="770" cy="540" r="105" fill="url(#bowl)"/></g><path d="${blob(random, 770, 540, 82, 82, 0.04, 12)}" fill="url(#cream)"/><path d="M735,520C760,500 790,540 810,515" stroke="#e5cf9c" stroke-width="6" fill="none"/>`;
  return scene(slice + pot);
}

function focaccia(): string {
  const random = seededRandom(16);
  const dimples = scatter(random, 34, 420, 360, 250, 190)
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="10" ry="8" fill="#b8742c" opacity="0.55"/>`)
    .join('');
  const ricotta = `<g filter="url(#shadow)"><circle cx="790" cy="200" r="110" fill="url(#bowl)"/></g><path d="${blob(random, 790, 200, 86, 86, 0.1, 10)}" fill="#fffdf6"/><path d="M750,190C780,170 810,215 835,190" stroke="#e9e0cc" stroke-width="6" fill="none"/><circle cx="800" cy="210" r="5" fill="#d8a43a" opacity="0.8"/>`;
  return scene(
    `<g filter="url(#shadow)"><rect x="120" y="120" width="600" height="480" rx="40" fill="url(#bread)"/></g>${dimples}${rosemary(random, scatter(random, 28, 420, 360, 260, 200))}${specks('#ffffff', 2, 3.5)(random, scatter(random, 40, 420, 360, 270, 210))}${ricotta}`,
  );
}

function garlicBread(): string {
  const random = seededRandom(17);
  const r = 300;
  const cuts = [0, 60, 120]
    .map(
      (angle) =>
        `<line x1="${CX - r}" y1="${CY}" x2="${CX + r}" y2="${CY}" transform="rotate(${angle} ${CX} ${CY})" stroke="#b0692a" stroke-width="4" opacity="0.7"/>`,
    )
    .join('');
  return scene(
    `<g filter="url(#shadow)"><path d="${blob(random, CX, CY, r, r, 0.025, 16)}" fill="url(#crust)"/></g><path d="${blob(random, CX, CY, r * 0.84, r * 0.84, 0.04, 16)}" fill="#f2cf86"/>` +
      `${specks('#e7b64b', 8, 16)(random, scatter(random, 18, CX, CY, r * 0.7))}${smallLeaves('#3e8a3a', 7)(random, scatter(random, 70, CX, CY, r * 0.78))}${specks('#ffffff', 2, 3)(random, scatter(random, 30, CX, CY, r * 0.75))}${cuts}`,
  );
}

function meatballs(): string {
  const random = seededRandom(18);
  const balls = scatter(random, 5, 440, 370, 120)
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y + 8}" r="62" fill="#000" opacity="0.3" filter="url(#blur6)"/><path d="${blob(random, x, y, 58, 56, 0.06, 10)}" fill="url(#meatball)"/>`,
    )
    .join('');
  return scene(
    `<g filter="url(#shadow)"><circle cx="440" cy="370" r="290" fill="url(#bowl)"/></g><path d="${blob(random, 440, 370, 240, 240, 0.04, 14)}" fill="url(#tomato)"/>${balls}${specks('#fff6dc', 2, 4)(random, scatter(random, 60, 440, 370, 220))}${basil(random, scatter(random, 3, 440, 370, 150))}` +
      `<g transform="rotate(18 800 560)" filter="url(#shadow)"><rect x="690" y="470" width="220" height="170" rx="40" fill="url(#bread)"/><rect x="712" y="490" width="176" height="130" rx="30" fill="#f4dcae"/></g>`,
  );
}

function pannaCotta(): string {
  const random = seededRandom(27);
  const piece = ([x, y]: [number, number]) =>
    `<rect x="${x - 24}" y="${y - 9}" width="48" height="18" rx="8" transform="rotate(${round(between(random, 0, 180))} ${x} ${y})" fill="#e0567a" stroke="#a8304f" stroke-width="2"/>`;
  return scene(
    `<g filter="url(#shadow)"><circle cx="${CX}" cy="${CY}" r="300" fill="url(#plate)"/></g><path d="${blob(random, CX + 20, CY + 30, 190, 150, 0.18, 12)}" fill="#d9486c" opacity="0.35"/>` +
      `<circle cx="${CX}" cy="${CY + 10}" r="140" fill="#000" opacity="0.18" filter="url(#blur6)"/><circle cx="${CX}" cy="${CY}" r="135" fill="url(#cream)"/>` +
      `<path d="${blob(random, CX + 10, CY + 8, 78, 60, 0.25, 9)}" fill="#e0567a" opacity="0.9"/>${scatter(
        random,
        5,
        CX + 10,
        CY + 8,
        50,
        36,
      )
        .map(piece)
        .join('')}${scatter(random, 9, CX, CY, 235)
        .filter(([x, y]) => Math.hypot(x - CX, y - CY) > 160)
        .map(piece)
        .join('')}`,
  );
}

function affogato(): string {
  const random = seededRandom(29);
  return scene(
    `<g filter="url(#shadow)"><circle cx="${CX}" cy="${CY}" r="270" fill="#e9e3da"/></g><circle cx="${CX}" cy="${CY}" r="220" fill="#d9d2c6"/><circle cx="${CX}" cy="${CY}" r="200" fill="url(#espresso)"/>` +
      `<circle cx="${CX}" cy="${CY + 8}" r="112" fill="#000" opacity="0.25" filter="url(#blur6)"/><path d="${blob(random, CX, CY, 108, 104, 0.08, 12)}" fill="url(#cream)"/><path d="${blob(random, CX + 30, CY + 40, 60, 36, 0.3, 9)}" fill="#c68b52" opacity="0.55"/>` +
      `<g transform="rotate(-30 760 180)"><rect x="690" y="168" width="190" height="24" rx="12" fill="#c9c6c0"/><ellipse cx="700" cy="180" rx="34" ry="26" fill="#c9c6c0"/></g>`,
  );
}

function calzoncino(): string {
  const random = seededRandom(28);
  const r = 250;
  return scene(
    `<g filter="url(#shadow)"><path d="M${CX - r},${CY + 40}A${r},${r} 0 0 1 ${CX + r},${CY + 40}C${CX + r * 0.6},${CY + 90} ${CX - r * 0.6},${CY + 90} ${CX - r},${CY + 40}Z" fill="url(#crust)"/></g>` +
      `<path d="${blob(random, CX + 60, CY + 92, 70, 26, 0.3, 9)}" fill="#3d1f10"/>${specks('#fffaf2', 1.5, 3)(random, scatter(random, 120, CX, CY - 60, r * 0.85, r * 0.5))}${specks('#8a5a2b', 4, 7)(random, scatter(random, 10, CX + 200, CY + 200, 70, 40))}`,
  );
}

const photos: Record<string, () => string> = {
  margherita: () => pizza({ seed: 1, base: 'tomato', cheese: 9, toppings: [[basil, 7]] }),
  burrata: () =>
    pizza({
      seed: 2,
      base: 'tomato',
      toppings: [
        [burrata, 1],
        [basil, 6],
      ],
    }),
  'soppressa-chilli': () =>
    pizza({
      seed: 3,
      base: 'tomato',
      cheese: 8,
      toppings: [
        [salami, 11],
        [chilli, 10],
        [honey, 4],
      ],
    }),
  'spiced-lamb': () =>
    pizza({
      seed: 4,
      base: 'tomato',
      toppings: [
        [crumbles('#6b3a1f', 16), 26],
        [onionRings, 12],
        [drizzle('#f7f3ea', 9), 5],
        [smallLeaves('#5fae5a', 9), 14],
        [specks('#7d1a1a', 1.5, 3), 40],
      ],
    }),
  puttanesca: () =>
    pizza({
      seed: 5,
      base: 'tomato',
      toppings: [
        [anchovies, 8],
        [olives, 12],
        [specks('#6f8a3a', 4, 5.5), 20],
        [chilli, 5],
      ],
    }),
  'pancetta-pine-mushroom': () =>
    pizza({
      seed: 6,
      base: 'tomato',
      cheese: 8,
      toppings: [
        [pancetta, 9],
        [mushrooms, 10],
        [smallLeaves('#4d7a3d', 3.5), 40],
      ],
    }),
  orto: () =>
    pizza({
      seed: 7,
      base: 'tomato',
      cheese: 7,
      toppings: [
        [zucchini, 10],
        [broccolini, 6],
        [olives, 7],
        [specks('#e0541e', 3, 6), 14],
      ],
    }),
  'mortadella-pistachio': () =>
    pizza({
      seed: 8,
      base: 'white',
      cheese: 6,
      toppings: [
        [mortadella, 6],
        [stracciatella, 6],
        [specks('#8fb245', 2, 4), 80],
      ],
    }),
  patate: () =>
    pizza({
      seed: 9,
      base: 'white',
      cheese: 5,
      toppings: [
        [potato, 22],
        [rosemary, 30],
        [specks('#fff7df', 1.5, 3), 50],
      ],
    }),
  'funghi-bianca': () =>
    pizza({
      seed: 10,
      base: 'white',
      cheese: 7,
      toppings: [
        [mushrooms, 14],
        [smallLeaves('#4d7a3d', 3.5), 50],
        [specks('#f4e27a', 5, 8), 6],
      ],
    }),
  'cavolo-nero-pancetta': () =>
    pizza({
      seed: 11,
      base: 'white',
      cheese: 7,
      toppings: [
        [cavoloNero, 9],
        [pancetta, 8],
        [chilli, 6],
      ],
    }),
  'four-cheese-honey': () =>
    pizza({
      seed: 12,
      base: 'white',
      cheese: 8,
      toppings: [
        [gorgonzola, 9],
        [crumbles('#f0b76a', 14), 8],
        [honey, 4],
        [specks('#fff7df', 1.5, 3), 40],
      ],
    }),
  'vegan-margherita': () =>
    pizza({
      seed: 13,
      base: 'tomato',
      toppings: [
        [crumbles('#f6ecd2', 26), 9],
        [basil, 7],
      ],
    }),
  'green-goddess': () =>
    pizza({
      seed: 14,
      base: 'verde',
      toppings: [
        [zucchini, 9],
        [broccolini, 6],
        [cavoloNero, 5],
        [crumbles('#f6ecd2', 20), 7],
      ],
    }),
  'smoky-mushroom': () =>
    pizza({
      seed: 15,
      base: 'tomato',
      toppings: [
        [mushrooms, 14],
        [onionRings, 10],
        [chilli, 6],
        [specks('#ffffff', 2, 3.5), 30],
      ],
    }),
  'sourdough-focaccia': focaccia,
  'garlic-pizza-bread': garlicBread,
  'pork-fennel-meatballs': meatballs,
  'pinsa-mortadella': () =>
    pinsa({
      seed: 22,
      base: 'white',
      toppings: [
        [mortadella, 5],
        [stracciatella, 5],
        [smallLeaves('#4f8f3a', 12), 14],
        [specks('#8fb245', 2, 4), 60],
      ],
    }),
  'pinsa-verde': () =>
    pinsa({
      seed: 23,
      base: 'verde',
      cheese: 7,
      toppings: [
        [zucchini, 9],
        [specks('#f4e27a', 4, 7), 10],
      ],
    }),
  'pinsa-piccante': () =>
    pinsa({
      seed: 24,
      base: 'tomato',
      cheese: 7,
      toppings: [
        [salami, 9],
        [chilli, 10],
      ],
    }),
  'slice-and-dip': sliceAndDip,
  'vanilla-panna-cotta': pannaCotta,
  'chocolate-calzoncino': calzoncino,
  affogato,
};

/** Writes every sample photo as a JPEG the size of a phone camera's web export. */
export async function drawSamplePhotos(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const [name, draw] of Object.entries(photos)) {
    const file = join(outDir, `${name}.jpg`);
    await writeFile(file, await sharp(Buffer.from(draw())).jpeg({ quality: 78, mozjpeg: true }).toBuffer());
    written.push(file);
  }
  return written;
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: join('tenants', 'fire-and-slice', 'public', 'photos') } },
  });
  for (const file of await drawSamplePhotos(values.out)) console.log(file);
}
