import { Fragment, type MouseEvent } from 'react';
import styled from 'styled-components';
import { format, type Citation, type Lang } from '@kb/contracts';
import { colors, focusRing } from '../shared/theme';
import { answerParagraphs } from './answerParts';
import { citationId } from './Citations';
import type { FrameText } from './messages';
import { SPACE } from '@kb/contracts/tokens';

const Text = styled.div`
  display: grid;
  gap: ${SPACE.xs};
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Marker = styled.a`
  color: ${colors.primary};
  font-weight: 700;
  text-decoration: underline;
  white-space: nowrap;
  border-radius: 3px;
  ${focusRing}
`;

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
 * An answer's text as the server wrote it (plain text, never HTML), with each passage it
 * quotes whole left to its numbered card (so every verse is read once, in the card) and each
 * `[n]` marker that matches a citation shown as a superscript link to that card, named
 * "Source n" / "Kaynak n". A marker without a matching citation stays plain text. One
 * paragraph per blank-line-separated part, each carrying `lang` when given.
 */
export function AnswerText({ entryId, text, citations, t, lang }: AnswerTextProps) {
  return (
    <Text>
      {answerParagraphs(text, citations).map((segments, p) => (
        <p key={p} lang={lang}>
          {segments.map((segment, index) => {
            if (segment.kind === 'text') return <Fragment key={index}>{segment.text}</Fragment>;
            const targetId = citationId(entryId, segment.n);
            return (
              <sup key={index}>
                <Marker
                  href={`#${targetId}`}
                  aria-label={format(t.citationLink, { n: segment.n })}
                  onClick={(event) => focusCitation(event, targetId)}
                >
                  [{segment.n}]
                </Marker>
              </sup>
            );
          })}
        </p>
      ))}
    </Text>
  );
}
