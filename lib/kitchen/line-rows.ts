export interface LinePart {
  text: string;
  /** A left-off ingredient ("No Fresh chilli"): the card and the tickets mark it. */
  leftOff: boolean;
}

/**
 * A line in words (lineInWords: "1 × Margherita / Diavola · Large · Half Margherita, half Diavola ·
 * Diavola half: No Fresh chilli") split for the kitchen: the title, then one row per phrase, each
 * half's changes on a row of their own, with every "No …" marked. The board's card, its printed
 * ticket and the kitchen printers' tickets all read a line through this, so they agree.
 */
export function lineRows(line: string): { title: string; rows: LinePart[][] } {
  const [title = '', ...phrases] = line.split(' · ');
  const rows = phrases.map((phrase) => {
    const half = /^(.+? half: )(.*)$/.exec(phrase);
    const [lead, rest] = half ? [half[1] ?? '', half[2] ?? ''] : ['', phrase];
    const parts = rest.split(', ').map((text, index, all) => ({
      text: index < all.length - 1 ? `${text}, ` : text,
      leftOff: text.startsWith('No '),
    }));
    return lead === '' ? parts : [{ text: lead, leftOff: false }, ...parts];
  });
  return { title, rows };
}
