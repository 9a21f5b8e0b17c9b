import { Fragment, type MouseEvent } from 'react';
import styled from 'styled-components';
import { format, type Citation, type Lang } from '@kb/contracts';
import { colors, focusRing } from '../shared/theme';
import { citationId } from './Citations';
import type { FrameText } from './messages';

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Marker = styled.a`
  color: ${colors.primary};
  font-weight: 700;
  text-decoration: underline;
  white-space: nowrap;
  border-radius: 3px;
  ${focusRing}
`;

const MARKER = /(\[\d+\])/;

/** Props of {@link AnswerText}. */
export interface AnswerTextProps {
  entryId: number;
  text: string;
  citations: readonly Citation[];
  t: FrameText;
  /**
   * The language the text is written in (the answer's `lang`, which may differ from the
   * interface's), so screen readers and fonts follow it; omitted while it is not known yet.
   */
  lang?: Lang;
}

/** Moves keyboard focus (and the view) to the citation a marker points at. */
function focusCitation(event: MouseEvent<HTMLAnchorElement>, targetId: string): void {
  const target = document.getElementById(targetId);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * An answer's text, kept exactly as the server wrote it (plain text, never HTML), with each
 * `[n]` marker that matches a citation turned into a link to that numbered citation. A
 * marker without a matching citation stays plain text. Carries `lang` when given.
 */
export function AnswerText({ entryId, text, citations, t, lang }: AnswerTextProps) {
  const known = new Set(citations.map((c) => c.n));
  const parts = text.split(MARKER);
  return (
    <Text lang={lang}>
      {parts.map((part, index) => {
        const match = /^\[(\d+)\]$/.exec(part);
        const n = match?.[1] === undefined ? NaN : parseInt(match[1], 10);
        if (!known.has(n)) return <Fragment key={index}>{part}</Fragment>;
        const targetId = citationId(entryId, n);
        return (
          <Marker
            key={index}
            href={`#${targetId}`}
            aria-label={format(t.citationLink, { n })}
            onClick={(event) => focusCitation(event, targetId)}
          >
            [{n}]
          </Marker>
        );
      })}
    </Text>
  );
}
