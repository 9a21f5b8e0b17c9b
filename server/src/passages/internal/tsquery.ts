/**
 * Reading PostgreSQL's normalized tsquery text (`to_tsquery(config, q)::text`, e.g.
 * `'allah':* | 'gök' & 'yer' | 'nur'`) into the disjuncts of its top-level OR, so that the
 * ranking can score each disjunct apart (`ts_rank_cd` of a long OR costs far more than the sum
 * of its disjuncts': docs/performance.md) and the frequent-term table can tell which lexemes a passage needs.
 */

/** A lexeme of a tsquery: exact (`'sabir'`) or a prefix (`'sabir':*`). */
export interface TsItem {
  lexeme: string;
  prefix: boolean;
}

/**
 * One disjunct of a tsquery's top-level OR: a lexeme alone, or a compound (AND, phrase, NOT,
 * weighted lexeme) kept as its own tsquery text with the lexemes a matching passage must hold
 * (those not under a NOT).
 */
export type Disjunct = { kind: 'item'; item: TsItem; text: string } | { kind: 'compound'; text: string; items: TsItem[] };

type Node =
  | { type: 'item'; item: TsItem; weighted: boolean; start: number; end: number }
  | { type: 'or' | 'and' | 'phrase'; children: Node[]; start: number; end: number }
  | { type: 'not'; child: Node; start: number; end: number };

type Token =
  | { kind: 'item'; item: TsItem; weighted: boolean; start: number; end: number }
  | { kind: 'op'; op: '|' | '&' | '!' | '(' | ')' | '<>'; start: number; end: number };

/** Thrown for text that is not a normalized tsquery (never for PostgreSQL's own output). */
export class TsqueryParseError extends Error {}

const LEXEME = /'((?:[^'\\]|''|\\.)*)'(?::([*A-Da-d]+))?/y;
const DISTANCE = /<(?:-|\d+)>/y;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "'") {
      LEXEME.lastIndex = i;
      const m = LEXEME.exec(text);
      if (!m) throw new TsqueryParseError(`unterminated lexeme at ${i}`);
      const flags = m[2] ?? '';
      tokens.push({
        kind: 'item',
        item: { lexeme: (m[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1'), prefix: flags.includes('*') },
        weighted: /[A-Da-d]/.test(flags),
        start: i,
        end: i + m[0].length,
      });
      i += m[0].length;
      continue;
    }
    if (c === '<') {
      DISTANCE.lastIndex = i;
      const m = DISTANCE.exec(text);
      if (!m) throw new TsqueryParseError(`bad phrase operator at ${i}`);
      tokens.push({ kind: 'op', op: '<>', start: i, end: i + m[0].length });
      i += m[0].length;
      continue;
    }
    if (c === '|' || c === '&' || c === '!' || c === '(' || c === ')') {
      tokens.push({ kind: 'op', op: c, start: i, end: i + 1 });
      i += 1;
      continue;
    }
    throw new TsqueryParseError(`unexpected ${JSON.stringify(c)} at ${i}`);
  }
  return tokens;
}

/** Recursive descent over the operators by precedence: `|` < `&` < `<->` < `!`. */
function parse(text: string): Node | undefined {
  const tokens = tokenize(text);
  if (tokens.length === 0) return undefined;
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const isOp = (op: string): boolean => {
    const t = peek();
    return t?.kind === 'op' && t.op === op;
  };
  const binary = (type: 'or' | 'and' | 'phrase', op: string, next: () => Node): Node => {
    const first = next();
    const children = [first];
    while (isOp(op)) {
      at += 1;
      children.push(next());
    }
    if (children.length === 1) return first;
    // Flatten nested nodes of the same operator (a | (b | c)).
    const flat = type === 'phrase' ? children : children.flatMap((c) => (c.type === type ? (c as { children: Node[] }).children : [c]));
    return { type, children: flat, start: first.start, end: children[children.length - 1]?.end ?? first.end };
  };
  const unary = (): Node => {
    const t = peek();
    if (!t) throw new TsqueryParseError('unexpected end');
    if (t.kind === 'item') {
      at += 1;
      return { type: 'item', item: t.item, weighted: t.weighted, start: t.start, end: t.end };
    }
    if (t.op === '!') {
      at += 1;
      const child = unary();
      return { type: 'not', child, start: t.start, end: child.end };
    }
    if (t.op === '(') {
      at += 1;
      const inner = or();
      const close = peek();
      if (!close || close.kind !== 'op' || close.op !== ')') throw new TsqueryParseError('missing )');
      at += 1;
      return { ...inner, start: t.start, end: close.end } as Node;
    }
    throw new TsqueryParseError(`unexpected ${t.op}`);
  };
  const phrase = (): Node => binary('phrase', '<>', unary);
  const and = (): Node => binary('and', '&', phrase);
  const or = (): Node => binary('or', '|', and);
  const root = or();
  if (at !== tokens.length) throw new TsqueryParseError('trailing tokens');
  return root;
}

/** The lexemes a passage must hold to match `node` (those not under a NOT). */
function positiveItems(node: Node): TsItem[] {
  switch (node.type) {
    case 'item':
      return [node.item];
    case 'not':
      return [];
    default:
      return node.children.flatMap(positiveItems);
  }
}

/** tsquery text of one lexeme, as the tsquery input function reads it. */
export function itemText(item: TsItem): string {
  return `'${item.lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${item.prefix ? ':*' : ''}`;
}

/**
 * The disjuncts of a normalized tsquery's top-level OR, in order (an empty text has none).
 * A compound inside an OR (`'a' & 'b'`) is one disjunct whose `text` is its own tsquery; a
 * compound with no positive lexeme (`!'a'`) makes the query undecomposable.
 *
 * @returns the disjuncts, or undefined when the text is not a tsquery this module reads or a
 *   disjunct needs no lexeme
 */
export function disjuncts(text: string): Disjunct[] | undefined {
  let root: Node | undefined;
  try {
    root = parse(text);
  } catch (error) {
    if (error instanceof TsqueryParseError) return undefined;
    throw error;
  }
  if (!root) return [];
  const nodes = root.type === 'or' ? root.children : [root];
  const out: Disjunct[] = [];
  for (const node of nodes) {
    if (node.type === 'item' && !node.weighted) {
      out.push({ kind: 'item', item: node.item, text: itemText(node.item) });
      continue;
    }
    const items = positiveItems(node);
    if (items.length === 0) return undefined;
    out.push({ kind: 'compound', text: text.slice(node.start, node.end), items });
  }
  return out;
}

/**
 * The distinct disjuncts of several lists, an exact lexeme dropped when a prefix among them
 * covers it (`'allah'` under `'allah':*`), so that no position of a passage is counted twice
 * when their ranks are summed.
 */
export function distinctDisjuncts(lists: readonly (readonly Disjunct[])[]): Disjunct[] {
  const byText = new Map<string, Disjunct>();
  for (const list of lists) for (const d of list) if (!byText.has(d.text)) byText.set(d.text, d);
  const prefixes = [...byText.values()].flatMap((d) => (d.kind === 'item' && d.item.prefix ? [d.item.lexeme] : []));
  return [...byText.values()].filter(
    (d) => d.kind !== 'item' || !prefixes.some((p) => d.item.lexeme.startsWith(p) && (d.item.lexeme !== p || !d.item.prefix)),
  );
}
