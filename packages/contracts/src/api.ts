import type { Lang } from './lang.js';

/**
 * Shapes of the server's JSON API (ARCHITECTURE.md "Server"). The server produces them, the
 * front ends consume them; both import them from here.
 */

/** Body of every `/api` error: `{ success: false, error }`, with the status that fits. */
export interface ApiError {
  success: false;
  /** A short English sentence for developers; screens show their own localized text. */
  error: string;
  /** Field-level problems, `{ field: message }`, for form routes. */
  fields?: Record<string, string>;
}

/** Language code of a passage: the interface languages plus the corpus's others (`ar`, `bn`, …). */
export type PassageLang = string;

/** One search result: a passage with its place in a source. */
export interface SearchHit {
  /** Stable passage id, e.g. `quran:en:2:255`. */
  id: string;
  /** Catalog source id: `quran`, `quran-arabic`, `bible`, … */
  source: string;
  /** Verse reference: `2:255` (Quran), `John 3:16` (Bible). */
  ref: string;
  lang: PassageLang;
  /** The passage text exactly as the source has it. */
  text: string;
  /**
   * The text with matched words wrapped in `<mark>`…`</mark>`; everything else is HTML-escaped,
   * so the string is safe to insert as HTML.
   */
  highlight: string;
  /** Relevance, higher is better; comparable only within one response. */
  score: number;
  /** Where to read the passage (a `/read/...` page), or null while none exists. */
  url: string | null;
}

/** `GET /api/search` response. */
export interface SearchResponse {
  query: string;
  /** Number of matching passages (all pages). */
  total: number;
  hits: SearchHit[];
}

/** `POST /api/ask` request body. */
export interface AskRequest {
  /** The question, 1–1000 characters after trimming. */
  question: string;
  /** The interface's language: the answer is written in the question's own language, detected from its text, and in this one only when the text is ambiguous.*/
  lang: Lang;
  /** Limit the answer to one catalog source. */
  source?: string;
}

/** One numbered source the answer quotes. `[n]` markers in the answer refer to `n`. */
export interface Citation {
  n: number;
  source: string;
  ref: string;
  lang: PassageLang;
  /** The quoted passage, unaltered. */
  text: string;
  /** Who translated it (or the edition), credited on every citation. */
  translator: string;
  /** The Arabic original of a Quran verse. */
  original?: { lang: 'ar'; text: string };
  url?: string;
  /**
   * The verses a citation of adjacent verses joins (`ref` `2:153-154`), in reading order: each
   * verse's own `ref` and `text` (and its Arabic `original` when the citation has one). Verses
   * a translation gives one text for (the same text stored under each) are one entry, quoted
   * once: `ref` `2:45-46`, their originals joined. The entries' texts joined by a space are
   * `text`. Absent for a single verse or a single such entry, and from servers before it
   * existed; clients then show `text` whole.
   */
  verses?: CitationVerse[];
}

/** One verse of a citation that joins adjacent verses ({@link Citation.verses}). */
export interface CitationVerse {
  /** The verse's own reference: `2:153`, `John 3:16`; `2:45-46` for verses translated as one. */
  ref: string;
  /** The verse's text, unaltered. */
  text: string;
  /** The verse's Arabic original, when the citation carries one. */
  original?: string;
}

/**
 * `POST /api/ask` response: the answer object. Three outcomes: an answer (`refused: false,
 * related: false`: the passages match the question); related passages (`refused: false,
 * related: true`: the closest passages match only part of it, and `answer` begins by saying so
 * plainly); a refusal (`refused: true`, `citations` empty: nothing in the sources relates).
 */
export interface Answer {
  /** The answer text in {@link Answer.lang}, with `[n]` markers matching `citations`. */
  answer: string;
  citations: Citation[];
  mode: 'extractive' | 'generative';
  /** True when nothing in the sources relates to the question; then `citations` is empty. */
  refused: boolean;
  /** True when the citations are only the closest passages, not an answer. */
  related: boolean;
  /**
   * The language the answer is written in: the question's own, detected from its text, or the
   * request's `lang` (the interface's) when the text is ambiguous.
   */
  lang: Lang;
}

/** One entry of `/remotes.json`. */
export interface RemoteEntry {
  /** Remote name: `knowledge`, `assistant` or `forms`. */
  name: string;
  /** Release version: `<package version>-<8 hex>`. */
  version: string;
  /** URL (absolute or site-relative) of the release's `mf-manifest.json`. */
  entry: string;
}

/**
 * What `GET /remotes.json?release=<name>@<version>` says about the requested release (see
 * {@link parseReleaseRef}); absent without `release`.
 */
export interface RemotesPreview {
  /** The requested release, `<name>@<version>`. */
  release: string;
  /**
   * True: the release is published and verified, and `remotes` lists it in place of that
   * remote's active release. False: it is not published or failed verification; `remotes` is
   * the normal answer (the shell says the preview is not available).
   */
  available: boolean;
}

/**
 * `GET /remotes.json` response. With `?release=<name>@<version>` also `preview`; a malformed
 * `release` → 400 `{ success: false, error }`.
 */
export interface RemotesManifest {
  remotes: RemoteEntry[];
  preview?: RemotesPreview;
}

/** The federated remotes and the modules each exposes (ARCHITECTURE.md "Module Federation"). */
export const REMOTES = {
  knowledge: ['./KnowledgePage'],
  assistant: ['./ChatPage', './SearchPage', './PreviewPage'],
  forms: ['./ContactPage', './NewsletterForm'],
} as const;

/** A remote's name. */
export type RemoteName = keyof typeof REMOTES;

/**
 * `POST /api/client-events` body: the shell tells the server that a remote failed to load in
 * the browser (after its retries), so operators see it in the metrics. Nothing about the
 * visitor is sent. Answered 204; an unknown `type` or `remote`, a malformed `version` or any
 * other field → 400 `{ success: false, error }`.
 */
export interface RemoteLoadFailedEvent {
  type: 'remote-load-failed';
  remote: RemoteName;
  /** The release version the browser tried to load (from `/remotes.json`). */
  version: string;
}

/** Every event `POST /api/client-events` accepts. */
export type ClientEvent = RemoteLoadFailedEvent;

/** The `type`s of {@link ClientEvent}. */
export const CLIENT_EVENT_TYPES: readonly ClientEvent['type'][] = ['remote-load-failed'];

/** An organisation named on the About page. */
export interface Organisation {
  name: string;
  /** Postal address, one line per array item; empty when the operator has set none (the About page then shows no address). */
  address: string[];
  email: string;
  phone?: string;
}

/**
 * `GET /api/site`: the site's public, deployment-specific facts, from the server's
 * configuration module (environment variables, with plainly example defaults).
 */
export interface SiteInfo {
  /** The institute that runs the project. */
  owner: Organisation;
  /** The company that builds it (with a phone number). */
  builder: Organisation & { phone: string };
  /** Address shown in the footer for general contact. */
  contactEmail: string;
  /** `KNOWLEDGE_APP_ORIGIN` when set: the AI Chat button's origin; null → the port rule. */
  knowledgeAppOrigin: string | null;
  /** Origins besides the site's own whose documents `/preview` may show (`PREVIEW_ALLOWED_ORIGINS`). */
  previewAllowedOrigins: string[];
}
