#!/usr/bin/env node
/**
 * How often an answer quotes a verse that shares a question's word only inside the
 * translator's square brackets (Saheeh International writes words the Arabic implies in `[…]`:
 * "[lying] on their sides", "[Joseph]", "[usury]"). Reads what `npm run eval -- … --dump FILE`
 * wrote, one JSON object a line (`set`, `line`, `question`, `answer`, `refused`, `related`).
 *
 * Usage:
 *   node eval/brackets.mjs FILE [--rows]
 *
 * For each answered row (neither refused nor related), each quoted passage of the answer
 * (`[n] Quran s:a: “…”`) and each word of the question of at least four letters outside a small
 * list of question words: the word counts as matched in brackets only when its first letters (five
 * for a word longer than five letters, else four) begin a word inside the passage's brackets and
 * no word outside them. Prints the answered rows, those matches and the rows holding one; with
 * `--rows`, each match as `set:line  ref  word  question`. A rough measure, English answers only:
 * prefixes stand in for the site's stems.
 */
import fs from 'node:fs';
import { readCommandLine, usageError } from '../tooling/cli.mjs';

const USAGE = 'Usage: node eval/brackets.mjs FILE [--rows]\n\n  FILE    a dump written by npm run eval -- … --dump FILE\n  --rows  list each match';
const { values, positionals } = readCommandLine({ tool: 'brackets', usage: USAGE, options: { rows: { type: 'boolean' } }, allowPositionals: true });
if (positionals.length !== 1) usageError('brackets', USAGE, 'give one dump file');
const [file] = positionals;
if (!fs.existsSync(file)) usageError('brackets', USAGE, `${file} does not exist`);

const QUESTION_WORDS = new Set(
  'what does quran say about there with from that this which when where should their they them have will would could into your upon than then some such more most much very also just over under only even like whom whose'.split(' '),
);
const QUOTE = /\[\d+\] Quran ([\d:-]+): “([\s\S]*?)”/g;

let answered = 0;
const matches = [];
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const row = JSON.parse(line);
  if (row.refused || row.related || typeof row.answer !== 'string') continue;
  answered += 1;
  const words = (row.question.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length >= 4 && !QUESTION_WORDS.has(w));
  for (const [, ref, text] of row.answer.matchAll(QUOTE)) {
    const inside = [...text.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]).join(' ').toLowerCase();
    const outside = text.replace(/\[[^\]]*\]/g, ' ').toLowerCase();
    for (const word of words) {
      const begins = new RegExp(`\\b${word.slice(0, word.length > 5 ? 5 : 4)}`);
      if (begins.test(inside) && !begins.test(outside)) matches.push({ at: `${row.set}:${row.line}`, ref, word, question: row.question });
    }
  }
}
const rows = new Set(matches.map((m) => m.at)).size;
process.stdout.write(`answered rows: ${answered}; a question's word matched only in brackets: ${matches.length} times, in ${rows} rows\n`);
if (values.rows) for (const m of matches) process.stdout.write(`${m.at}\t${m.ref}\t${m.word}\t${m.question}\n`);
