import styled from 'styled-components';
import { format, type Citation, type CitationVerse, type Lang } from '@kb/contracts';
import { colors, focusRing, fonts } from '../shared/theme';
import { VisuallyHidden } from '../shared/VisuallyHidden';
import { verseNumber } from './answerParts';
import { contextHref } from './links';
import type { FrameText } from './messages';
import { sourceName } from './sourceNames';
import { FONT_SIZES, RADII, SPACE } from '@kb/contracts/tokens';

/** Languages of the corpus written right to left. */
const RTL_LANGS = new Set(['ar', 'ur', 'fa', 'he']);

/** The element id of citation `n` of entry `entryId`, the target of its `[n]` links. */
export function citationId(entryId: number, n: number): string {
  return `entry-${entryId}-source-${n}`;
}

const Heading = styled.h3`
  margin: ${SPACE.md} 0 ${SPACE.xs};
  font-size: ${FONT_SIZES.md};
  color: ${colors.muted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

/**
 * The label over related passages: a boxed notice in words, not a colour alone, so it reads the
 * same without colour vision or styles; noticeInk on noticeSoft reaches AA.
 */
const RelatedHeading = styled.h3`
  margin: ${SPACE.md} 0 ${SPACE.xs};
  padding: 6px 10px;
  border: 1px solid ${colors.noticeInk};
  border-radius: ${RADII.md};
  background: ${colors.noticeSoft};
  color: ${colors.noticeInk};
  font-size: ${FONT_SIZES.md};
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.sm};
`;

const Item = styled.li<{ $related: boolean }>`
  padding: ${SPACE.sm} 14px;
  border: 1px solid ${colors.divider};
  border-inline-start: ${({ $related }) => ($related ? `4px dashed ${colors.control}` : `4px solid ${colors.primary}`)};
  border-radius: ${RADII.md};
  background: ${colors.surface};
  scroll-margin: 16px;
  ${focusRing}
  &:target, &:focus {
    background: ${colors.primarySoft};
  }
`;

const Head = styled.p`
  margin: 0;
  font-weight: 600;
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.xxs} ${SPACE.xs};
  align-items: baseline;
`;

const Reference = styled.cite`
  font-style: normal;
`;

const CiteNumber = styled.span`
  color: ${colors.primary};
`;

const Translator = styled.p`
  margin: 2px 0 ${SPACE.xs};
  font-size: ${FONT_SIZES.sm};
  color: ${colors.muted};
`;

const Quote = styled.blockquote<{ $rtl: boolean }>`
  margin: 0;
  white-space: pre-wrap;
  font-family: ${({ $rtl }) => ($rtl ? fonts.arabic : 'inherit')};
  font-size: ${({ $rtl }) => ($rtl ? '1.3rem' : 'inherit')};
  line-height: ${({ $rtl }) => ($rtl ? 2 : 1.55)};
`;

const Original = styled.figure`
  margin: 10px 0 0;
  padding-block-start: 8px;
  border-top: 1px dashed ${colors.divider};
`;

const OriginalLabel = styled.figcaption`
  font-size: ${FONT_SIZES.sm};
  color: ${colors.muted};
`;

const Arabic = styled.p`
  margin: ${SPACE.xxs} 0 0;
  font-family: ${fonts.arabic};
  font-size: 1.45rem;
  line-height: 2.1;
  text-align: start;
`;

/** The number before each of joined verses: small, raised, in the primary colour, never wrapped off its verse. */
const VerseNumber = styled.sup`
  color: ${colors.primary};
  font-family: ${fonts.body};
  font-size: 0.7em;
  font-weight: 700;
  margin-inline-end: 0.25em;
`;

/** Props of {@link VerseRun}. */
interface VerseRunProps {
  verses: readonly CitationVerse[];
  /** Which text of each verse: its translation, or its Arabic original. */
  part: 'text' | 'original';
  /** The interface's language, for the verse numbers' spoken names. */
  lang: Lang;
  t: FrameText;
}

/**
 * Joined verses, each after its own number (`¹⁵³ O you who… ¹⁵⁴ And do not say…`), so they no
 * longer run together; screen readers hear "Verse 153" / "Ayet 153" in the interface language.
 */
function VerseRun({ verses, part, lang, t }: VerseRunProps) {
  return verses.map((v, i) => (
    <span key={v.ref}>
      {i > 0 ? ' ' : null}
      <VerseNumber lang={lang}>
        <span aria-hidden="true">{verseNumber(v.ref)}</span>
        <VisuallyHidden>{format(t.verse, { n: verseNumber(v.ref) })}</VisuallyHidden>
      </VerseNumber>
      {part === 'text' ? v.text : v.original}
    </span>
  ));
}

const ReadLink = styled.a`
  display: inline-block;
  margin-top: ${SPACE.xs};
  color: ${colors.primary};
  font-weight: 600;
  ${focusRing}
`;

/** Props of {@link Citations}. */
export interface CitationsProps {
  entryId: number;
  citations: readonly Citation[];
  lang: Lang;
  t: FrameText;
  /** The passages are only the closest found, not an answer: labelled and drawn as such. */
  related?: boolean;
}

/**
 * The numbered sources of one answer: number, source name in the visitor's language and
 * verse reference, translator credit, the quoted passage — the one place the answer shows it —
 * with each verse's number before it when adjacent verses are joined (right to left when its
 * language is), the Arabic original (numbered the same way) of a Quran verse
 * (`dir="rtl" lang="ar"`, Arabic font) and a link that opens its reading page scrolled to the
 * verse (`/read/...#v-2-153`), in a new tab so the
 * conversation stays. Each item is the focus target of the answer's `[n]` links. Related
 * passages are headed "Closest passages — not a direct answer" (boxed) instead of "Sources",
 * with dashed grey edges instead of the answer's solid green ones.
 */
export function Citations({ entryId, citations, lang, t, related = false }: CitationsProps) {
  const headingId = `entry-${entryId}-sources`;
  return (
    <>
      {related ? (
        <RelatedHeading id={headingId}>{t.relatedSources}</RelatedHeading>
      ) : (
        <Heading id={headingId}>{t.sources}</Heading>
      )}
      <List aria-labelledby={headingId}>
        {citations.map((c) => {
          const href = c.url === undefined ? undefined : contextHref(c.url, c.ref, lang, window.location.origin);
          const rtl = RTL_LANGS.has(c.lang);
          return (
            <Item key={c.n} id={citationId(entryId, c.n)} tabIndex={-1} $related={related}>
              <Head>
                <CiteNumber>[{c.n}]</CiteNumber>
                <Reference>
                  {sourceName(c.source, lang)} {c.ref}
                </Reference>
              </Head>
              <Translator>{format(t.translator, { name: c.translator })}</Translator>
              <Quote lang={c.lang} dir={rtl ? 'rtl' : 'ltr'} $rtl={rtl}>
                {c.verses ? <VerseRun verses={c.verses} part="text" lang={lang} t={t} /> : c.text}
              </Quote>
              {c.original ? (
                <Original>
                  <OriginalLabel>{t.arabicOriginal}</OriginalLabel>
                  <Arabic dir="rtl" lang="ar">
                    {c.verses?.every((v) => v.original !== undefined) ? (
                      <VerseRun verses={c.verses} part="original" lang={lang} t={t} />
                    ) : (
                      c.original.text
                    )}
                  </Arabic>
                </Original>
              ) : null}
              {href ? (
                <ReadLink href={href} target="_blank" rel="noopener noreferrer">
                  {t.readInContext}
                  <VisuallyHidden> {t.opensNewTab}</VisuallyHidden>
                </ReadLink>
              ) : null}
            </Item>
          );
        })}
      </List>
    </>
  );
}
