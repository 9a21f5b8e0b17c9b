import { disjuncts, distinctDisjuncts, itemText } from './tsquery';

describe('tsquery disjuncts', () => {
  it('splits a top-level OR into lexemes and compounds, keeping each compound as its own tsquery', () => {
    const found = disjuncts("'allah':* | ( 'gök' & 'yer' ) | 'nur' | 'yedi' <-> 'gök' | 'a' & !'b'");
    expect(found).toEqual([
      { kind: 'item', item: { lexeme: 'allah', prefix: true }, text: "'allah':*" },
      { kind: 'compound', text: "( 'gök' & 'yer' )", items: [{ lexeme: 'gök', prefix: false }, { lexeme: 'yer', prefix: false }] },
      { kind: 'item', item: { lexeme: 'nur', prefix: false }, text: "'nur'" },
      { kind: 'compound', text: "'yedi' <-> 'gök'", items: [{ lexeme: 'yedi', prefix: false }, { lexeme: 'gök', prefix: false }] },
      { kind: 'compound', text: "'a' & !'b'", items: [{ lexeme: 'a', prefix: false }] },
    ]);
  });

  it('flattens nested ORs and reads quotes and backslashes in lexemes', () => {
    expect(disjuncts("( 'a' | ( 'b' | 'c' ) ) | 'it''s'")?.map((d) => d.text)).toEqual(["'a'", "'b'", "'c'", "'it''s'"]);
    expect(itemText({ lexeme: "it's", prefix: true })).toBe("'it''s':*");
    expect(disjuncts('')).toEqual([]);
  });

  it('refuses what it cannot read, and a disjunct that needs no lexeme', () => {
    expect(disjuncts("'a' | !'b'")).toBeUndefined();
    expect(disjuncts("'a' & ")).toBeUndefined();
    expect(disjuncts("( 'a'")).toBeUndefined();
    expect(disjuncts('a')).toBeUndefined();
  });

  it('keeps weighted lexemes as compounds', () => {
    expect(disjuncts("'a':A | 'b':*B")).toEqual([
      { kind: 'compound', text: "'a':A", items: [{ lexeme: 'a', prefix: false }] },
      { kind: 'compound', text: "'b':*B", items: [{ lexeme: 'b', prefix: true }] },
    ]);
  });

  it('drops duplicates and lexemes a prefix already covers, so no position counts twice', () => {
    const lists = [disjuncts("'allah':* | 'allah' | 'rab'") ?? [], disjuncts("'rab' | 'allahin':* | 'gök' & 'yer'") ?? []];
    expect(distinctDisjuncts(lists).map((d) => d.text)).toEqual(["'allah':*", "'rab'", "'gök' & 'yer'"]);
  });
});
