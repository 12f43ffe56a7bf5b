/**
 * Text with highlighted spans by offsets (detector sentences, report classes):
 * the text stays text, no HTML from it is ever parsed, and it keeps its own
 * direction (`dir="auto"`: English stays left-to-right on Arabic pages).
 */
export interface TextMark {
  start: number;
  end: number;
  className: string | null;
  title?: string;
}

export function MarkedText({ text, marks, className = '', ...rest }: { text: string; marks: TextMark[]; className?: string; [data: `data-${string}`]: string | undefined }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
    if (mark.start > at) parts.push(text.slice(at, mark.start));
    const part = text.slice(Math.max(at, mark.start), mark.end);
    parts.push(
      mark.className ? (
        <span key={mark.start} className={mark.className} title={mark.title}>
          {part}
        </span>
      ) : (
        part
      ),
    );
    at = Math.max(at, mark.end);
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <div dir="auto" className={className} {...rest}>
      {parts}
    </div>
  );
}
