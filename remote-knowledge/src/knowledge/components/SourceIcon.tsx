import type { ReactNode } from 'react';
import {
  Book,
  BookMarked,
  BookOpen,
  CirclePlay,
  Gem,
  Languages,
  Library,
  MessageSquareQuote,
  Newspaper,
  NotebookPen,
} from 'lucide-react';

/**
 * A source's icon, decorative (hidden from assistive technology: the title names the source).
 * An icon name this build does not know shows an open book, so a catalog change never breaks
 * a card.
 *
 * @param name Lucide icon name from the catalog, kebab-case, e.g. `book-open`
 * @param size edge length in px
 */
export function SourceIcon({ name, size = 28 }: { name: string; size?: number }): ReactNode {
  const props = { 'aria-hidden': true, focusable: false, size, strokeWidth: 1.75 } as const;
  switch (name) {
    case 'book':
      return <Book {...props} />;
    case 'newspaper':
      return <Newspaper {...props} />;
    case 'languages':
      return <Languages {...props} />;
    case 'notebook-pen':
      return <NotebookPen {...props} />;
    case 'library':
      return <Library {...props} />;
    case 'gem':
      return <Gem {...props} />;
    case 'message-square-quote':
      return <MessageSquareQuote {...props} />;
    case 'book-marked':
      return <BookMarked {...props} />;
    case 'circle-play':
      return <CirclePlay {...props} />;
    default:
      return <BookOpen {...props} />;
  }
}
