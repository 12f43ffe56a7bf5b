/**
 * Builds highlighted text safely: the checked text as DOM text nodes, each
 * scored sentence in a span with its class (no HTML from the text is ever parsed).
 */
export interface Mark {
  start: number;
  end: number;
  className: string | null;
  title?: string;
}

export function renderMarked(container: HTMLElement, text: string, marks: Mark[]): void {
  container.replaceChildren();
  let at = 0;
  for (const mark of [...marks].sort((a, b) => a.start - b.start)) {
    if (mark.start > at) container.append(text.slice(at, mark.start));
    const part = text.slice(Math.max(at, mark.start), mark.end);
    if (mark.className) {
      const span = document.createElement('span');
      span.className = mark.className;
      span.textContent = part;
      if (mark.title) span.title = mark.title;
      container.append(span);
    } else container.append(part);
    at = Math.max(at, mark.end);
  }
  if (at < text.length) container.append(text.slice(at));
}
