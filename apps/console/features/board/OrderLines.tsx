import { lineRows } from '../../../../lib/kitchen/line-rows.ts';

/** An order's lines as the kitchen reads them, on the card and the ticket alike: each half's changes on a row, what is left off marked. */
export function OrderLines({
  lines,
  className,
  leftOffClassName,
}: {
  lines: readonly string[];
  className: string;
  leftOffClassName: string;
}) {
  return (
    <ul className={className}>
      {lines.map((line, index) => {
        const { title, rows } = lineRows(line);
        return (
          <li key={index} className="break-words">
            <span className="font-semibold">{title}</span>
            {rows.map((row, rowIndex) => (
              <span key={rowIndex} className="block pl-4">
                {row.map((part, partIndex) =>
                  part.leftOff ? (
                    <mark key={partIndex} className={leftOffClassName}>
                      {part.text}
                    </mark>
                  ) : (
                    <span key={partIndex}>{part.text}</span>
                  ),
                )}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
