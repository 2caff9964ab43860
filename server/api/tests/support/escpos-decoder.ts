/**
 * Reads ESC/POS bytes back into text lines, as a kitchen printer would print them, for the tests of
 * what the API sends printers (the loopback TCP sink, the CloudPRNT client, the golden tickets).
 * Knows the commands ReceiptLine writes for a text ticket; any other command is an error, so a change
 * of encoding cannot slip past the tests unread.
 */

export interface PrintedRun {
  text: string;
  bold: boolean;
  inverted: boolean;
  /** Character magnification (GS !): 2 for double width or height. */
  width: number;
  height: number;
}

export interface PrintedLine {
  /** The line as printed, its columns placed (a double-width character counts as one). */
  text: string;
  runs: PrintedRun[];
}

export interface PrintedJob {
  lines: PrintedLine[];
  cuts: number;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DOTS_PER_COLUMN = 12;

/** The cp437 characters a ticket uses above ASCII. */
const CP437: Readonly<Record<number, string>> = {
  0x81: 'ü',
  0x82: 'é',
  0x84: 'ä',
  0x85: 'à',
  0x87: 'ç',
  0x8a: 'è',
  0x94: 'ö',
  0x9c: '£',
  0xa4: 'ñ',
  0xfa: '·',
};

/** How many bytes each command takes, by its prefix and command byte. */
function commandLength(bytes: Uint8Array, at: number): number {
  const prefix = bytes[at];
  const command = String.fromCharCode(bytes[at + 1] ?? 0);
  const blockLength = () => 5 + (bytes[at + 3] ?? 0) + (bytes[at + 4] ?? 0) * 256;
  if (prefix === ESC) {
    if (command === '@' || command === '2') return 2;
    if (command === '$' || command === '\\') return 4;
    if ('M 3{-EaGtJd!'.includes(command)) return 3;
  }
  if (prefix === GS) {
    if (command === '(') return blockLength();
    if (command === 'L' || command === 'W') return 4;
    if (command === 'V') return bytes[at + 2] === 0x41 || bytes[at + 2] === 0x42 ? 4 : 3;
    if ('aB!r'.includes(command)) return 3;
  }
  if (prefix === FS) {
    if (command === '(') return blockLength();
    if (command === '.' || command === '&') return 2;
    if (command === 'S') return 4;
    if (command === 'C' || command === '-') return 3;
  }
  throw new Error(`unknown ESC/POS command 0x${(prefix ?? 0).toString(16)} ${JSON.stringify(command)} at byte ${at}`);
}

export function decodeEscPos(bytes: Uint8Array): PrintedJob {
  const lines: PrintedLine[] = [];
  let cuts = 0;
  let style = { bold: false, inverted: false, width: 1, height: 1 };
  let codePage = 0;
  let dots = 0;
  let line: PrintedLine = { text: '', runs: [] };
  let positioned = false;
  const append = (text: string, runStyle: typeof style) => {
    line.text += text;
    const last = line.runs.at(-1);
    const same =
      last &&
      last.bold === runStyle.bold &&
      last.inverted === runStyle.inverted &&
      last.width === runStyle.width &&
      last.height === runStyle.height;
    if (same) last.text += text;
    else line.runs.push({ text, ...runStyle });
  };
  const write = (character: string) => {
    // A double-width character is one character of the text: only a move of the print position leaves a gap.
    const column = Math.round(dots / DOTS_PER_COLUMN);
    if (positioned && line.text.length < column)
      append(' '.repeat(column - line.text.length), { bold: false, inverted: false, width: 1, height: 1 });
    positioned = false;
    append(character, style);
    dots += DOTS_PER_COLUMN * style.width;
  };
  let at = 0;
  while (at < bytes.length) {
    const byte = bytes[at] ?? 0;
    if (byte === 0x0a) {
      lines.push({ text: line.text.trimEnd(), runs: line.runs });
      line = { text: '', runs: [] };
      dots = 0;
      at += 1;
      continue;
    }
    if (byte !== ESC && byte !== GS && byte !== FS) {
      // Code page 1 is where ReceiptLine draws its rules from (0x95, a line across the cell).
      write(codePage === 1 && byte === 0x95 ? '-' : byte < 0x80 ? String.fromCharCode(byte) : (CP437[byte] ?? '?'));
      at += 1;
      continue;
    }
    const length = commandLength(bytes, at);
    const command = String.fromCharCode(bytes[at + 1] ?? 0);
    const n = bytes[at + 2] ?? 0;
    const position = n + (bytes[at + 3] ?? 0) * 256;
    if (byte === ESC && command === 'E') style = { ...style, bold: (n & 1) === 1 };
    if (byte === ESC && command === 't') codePage = n;
    if (byte === ESC && command === '$') [dots, positioned] = [position, true];
    if (byte === ESC && command === '\\')
      [dots, positioned] = [dots + (position > 0x7fff ? position - 0x10000 : position), true];
    if (byte === GS && command === 'B') style = { ...style, inverted: (n & 1) === 1 };
    if (byte === GS && command === '!') style = { ...style, width: (n >> 4) + 1, height: (n & 0x0f) + 1 };
    if (byte === GS && command === 'V') cuts += 1;
    at += length;
  }
  if (line.text !== '') lines.push({ text: line.text.trimEnd(), runs: line.runs });
  return { lines, cuts };
}

/**
 * The job as one text a person reads in a diff: inverted runs in [brackets], bold in *stars*, and a
 * line of magnified text led by its size ("2x2 Order 42").
 */
export function printedText(job: PrintedJob): string {
  const lines = job.lines.map((line) => {
    const marked = line.runs
      .map((run) => {
        const bold = run.bold ? `*${run.text}*` : run.text;
        return run.inverted ? `[${bold}]` : bold;
      })
      .join('');
    const largest = line.runs.find((run) => run.width > 1 || run.height > 1);
    return `${largest ? `${largest.width}x${largest.height} ` : ''}${marked}`.trimEnd();
  });
  return `${[...lines, ...Array.from({ length: job.cuts }, () => '--- cut ---')].join('\n')}\n`;
}
