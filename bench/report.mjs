/**
 * The Markdown tables of a benchmark result (bench/run.mjs): pages (per network profile, the
 * federated build beside the monolith and their ratio), duplicate packages, API, the ask
 * stream, scale, the costly set and throughput. Units are in the column names.
 */
import { cell, kb, markdownTable, ratio } from './lib/util.mjs';

const mb = (bytes) => (bytes === null || bytes === undefined ? null : (bytes / 1048576).toFixed(1));
const ms = (v) => (v === null || v === undefined ? null : Math.round(v));
const x = (v) => (v === null || v === undefined ? null : `${v}×`);

function pageTables(pages) {
  const out = [];
  const fed = pages.federated ?? {};
  const mono = pages.monolith ?? {};
  for (const profile of Object.keys(fed)) {
    const rows = [];
    for (const [pagePath, f] of Object.entries(fed[profile])) {
      const m = mono[profile]?.[pagePath];
      const row = (label, p) => [
        pagePath,
        label,
        p.requests,
        kb(p.jsRawBytes),
        kb(p.jsBytes),
        kb(p.cssBytes),
        ms(p.fcpMs),
        ms(p.lcpMs),
        ms(p.remoteVisibleMs),
      ];
      rows.push(row('federated', f));
      if (m) {
        rows.push(row('monolith', m));
        rows.push([
          pagePath,
          '**ratio**',
          x(ratio(f.requests, m.requests)),
          x(ratio(f.jsRawBytes, m.jsRawBytes)),
          x(ratio(f.jsBytes, m.jsBytes)),
          '',
          x(ratio(f.fcpMs, m.fcpMs)),
          x(ratio(f.lcpMs, m.lcpMs)),
          x(ratio(f.remoteVisibleMs, m.remoteVisibleMs)),
        ]);
      }
    }
    out.push(
      `**Pages, ${profile}** (median of ${pages.runs} cold loads; KB = 1024 bytes; ms from navigation start)\n\n` +
        markdownTable(
          ['page', 'build', 'requests', 'JS raw KB', 'JS wire KB', 'CSS wire KB', 'FCP ms', 'LCP ms', 'remote visible ms'],
          rows,
        ),
    );
  }
  return out;
}

function duplicateTables(duplicates) {
  const out = [];
  if (duplicates.loaded) {
    const rows = [];
    for (const [build, pages] of Object.entries(duplicates.loaded)) {
      for (const [pagePath, d] of Object.entries(pages)) {
        const singles = Object.entries(d.main.singletons)
          .filter(([, n]) => n > 1)
          .map(([name, n]) => `${name} ×${n}`);
        rows.push([
          build,
          pagePath,
          d.main.duplicates.map((p) => `${p.package} ×${p.copies}`).join(', ') || 'none',
          kb(d.main.duplicates.reduce((s, p) => s + p.extraBytes, 0)),
          singles.length ? singles.join(', ') : 'none',
          d.frame ? `${d.frame.packages} packages, ${kb(d.frame.bytes)} KB` : '',
        ]);
      }
    }
    out.push(
      '**Packages loaded more than once into one page** (main document; from the source maps of the files the page loaded)\n\n' +
        markdownTable(['build', 'page', 'duplicated packages', 'extra KB (minified)', 'shared singletons loaded twice', 'assistant frame (own document)'], rows),
    );
  }
  const fedLargest = duplicates.loaded?.federated?.['/']?.main.largest;
  const monoLargest = duplicates.loaded?.monolith?.['/']?.main.largest;
  if (fedLargest) {
    const names = [...new Set([...Object.keys(fedLargest), ...Object.keys(monoLargest ?? {})])].slice(0, 12);
    out.push(
      '**Largest packages loaded by `/`** (main document, KB of minified code, every copy counted)\n\n' +
        markdownTable(
          ['package', 'federated', ...(monoLargest ? ['monolith'] : [])],
          names.map((name) => [name, kb(fedLargest[name] ?? 0), ...(monoLargest ? [kb(monoLargest[name] ?? 0)] : [])]),
        ),
    );
  }
  if (duplicates.inBuilds) {
    const shown = duplicates.inBuilds.slice(0, 12);
    const more = duplicates.inBuilds.length - shown.length;
    out.push(
      '**Packages in more than one federated build** (shell + remotes; KB of minified code per build; singletons are the remotes\' fallbacks)\n\n' +
        markdownTable(
          ['package', 'shared singleton', 'builds (KB)'],
          shown.map((d) => [
            d.package,
            d.singleton ? 'yes' : 'no',
            Object.entries(d.builds)
              .map(([b, n]) => `${b} ${kb(n)}`)
              .join(', '),
          ]),
        ) +
        (more > 0 ? `\n\n…and ${more} smaller ones (all in the JSON file).` : ''),
    );
  }
  return out;
}

function apiTables(api, backend) {
  const rows = [['bare Express (ceiling)', api.ceiling.rps, api.ceiling.p50Ms, api.ceiling.p95Ms, api.ceiling.p99Ms, '1×', '1×', '1×', '1×', JSON.stringify(api.ceiling.statuses)]];
  for (const [name, e] of Object.entries(api.endpoints)) {
    if (!e.available) {
      rows.push([name, e.note, '', '', '', '', '', '', '', '']);
      continue;
    }
    rows.push([name, e.rps, e.p50Ms, e.p95Ms, e.p99Ms, x(e.rpsRatio), x(e.p50Ratio), x(e.p95Ratio), x(e.p99Ratio), JSON.stringify(e.statuses)]);
  }
  const s = api.askStream;
  const stream =
    s.mode === 'stream'
      ? `Ask stream (${s.questions} questions, one at a time): first event p50 ${cell(s.firstEventP50Ms)} ms / p95 ${cell(s.firstEventP95Ms)} ms; ` +
        `\`done\` p50 ${cell(s.doneP50Ms)} ms / p95 ${cell(s.doneP95Ms)} ms; ${cell(s.eventsPerAnswer)} events per answer.`
      : `Ask stream: ${s.note}: p50 ${cell(s.jsonP50Ms)} ms / p95 ${cell(s.jsonP95Ms)} ms (${s.questions} questions, one at a time).`;
  return [
    `**API, ${backend}** (autocannon, ${api.settings.connections} connections, ${api.settings.durationS} s after ${api.settings.warmupS} s warm-up; rate limits ${api.rateLimits})\n\n` +
      markdownTable(['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s ÷ ceiling', 'p50 × ceiling', 'p95 × ceiling', 'p99 × ceiling', 'statuses'], rows) +
      `\n\n${stream}`,
  ];
}

function scaleTable(scale, corpus) {
  const rows = [];
  const notes = [];
  for (const [backend, steps] of Object.entries(scale)) {
    if (!Array.isArray(steps)) continue;
    const first = steps[0];
    const firstStart = backend === 'postgres' ? corpus?.postgresFirstStartMs : corpus?.firstStartMs;
    if (first && firstStart) {
      const shipped = first.passages - first.syntheticPassages;
      notes.push(
        `${backend}: the first start loaded the ${shipped} shipped passages (with migrations and warm-up) in ` +
          `${(firstStart / 1000).toFixed(1)} s, ≈ ${Math.round(shipped / (firstStart / 1000))} passages/s`,
      );
    }
    for (const step of steps) {
      const s = step.search;
      const triple = (v) => (v ? `${ms(v.p50Ms)} / ${ms(v.p95Ms)} / ${ms(v.maxMs)}` : '–');
      const pair = (k) => triple(s[k]);
      rows.push([
        backend,
        step.passages,
        // A rate over a few hundred rows says nothing; the shipped corpus's load is given below the table.
        step.ingest.inserted >= 10_000 ? `${step.ingest.passagesPerSecond} (${step.ingest.inserted})` : '–',
        mb(step.passagesBytes),
        step.termTableMs === null || step.termTableMs === undefined ? '–' : (step.termTableMs / 1000).toFixed(1),
        mb(step.rssBytes.afterSearch),
        pair('en-word'),
        pair('en-question'),
        pair('tr-word'),
        pair('tr-question'),
        pair('ar-word'),
        pair('ar-question'),
        triple(step.ask),
      ]);
    }
  }
  return [
    '**Search at scale** (p50 / p95 / max ms of `GET /api/search` per query class and of `POST /api/ask`, one request at a time; ingest = synthetic passages/s (count); size = passages table with indexes; term table = rebuild of the frequent-term table after the growth; RSS = server after the searches)\n\n' +
      markdownTable(
        ['database', 'passages', 'ingest /s', 'size MB', 'term table s', 'RSS MB', 'en word', 'en question', 'tr word', 'tr question', 'ar word', 'ar question', 'ask'],
        rows,
      ) +
      (notes.length ? `\n\n${notes.join('; ')}.` : ''),
  ];
}

function costlyTables(costly, backend) {
  const probe = (name, p) => [name, p.responses, ms(p.p50Ms), ms(p.p95Ms), ms(p.p99Ms), ms(p.maxMs), JSON.stringify(p.statuses)];
  const phases = [];
  for (const [phase, p] of [['idle', costly.idle], ['10 clients on the costly set', costly.load]]) {
    phases.push(probe(`${phase}: eleventh client, plain search`, p.plainSearch), probe(`${phase}: /healthz`, p.healthz), probe(`${phase}: ${p.staticAsset.path}`, p.staticAsset));
  }
  const g = costly.gates;
  const verdict = (gate) => `${cell(gate.ms)} ms (${gate.met ? 'met' : 'missed'}, ≤ ${gate.limitMs} ms)`;
  return [
    `**The costly set, ${backend}** (cache off; the ten slowest of the bench's queries, median of ${costly.settings.reps} alone each; ` +
      `${costly.settings.clients} clients looping over it, ${costly.settings.durationS} s measured after a 2 s ramp; idle phase ${costly.settings.idleS} s)\n\n` +
      markdownTable(['#', 'query', 'alone, median ms'], costly.costlySet.map((c, i) => [i + 1, c.query, ms(c.idleMedianMs)])) +
      '\n\n' +
      markdownTable(['probe', 'responses', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'statuses'], phases) +
      `\n\nGates under load: /healthz p99 ${verdict(g.healthzP99)}; static p99 ${verdict(g.staticP99)}; plain search p95 ${verdict(g.plainSearchP95)}, idle p95 ${cell(g.plainSearchP95.idleMs)} ms. ` +
      `Costly clients: ${costly.costlyClients.responses} responses, ${JSON.stringify(costly.costlyClients.statuses)}, p50 ${cell(ms(costly.costlyClients.p50Ms))} ms.`,
  ];
}

function throughputTables(t, backend) {
  const rows = [];
  for (const [mode, runs] of [['cache off', t.cacheOff], ['popular mix, cache on', t.popularMix]]) {
    for (const name of ['search', 'ask']) {
      const r = runs[name];
      rows.push([mode, name, r.rps, ms(r.p50Ms), ms(r.p95Ms), ms(r.p99Ms), `${cell(r.timesBaseline)}× (gate ${r.gate}: ${r.met ? 'met' : 'missed'})`, JSON.stringify(r.statuses)]);
    }
  }
  const s = t.popularMix.settings;
  return [
    `**Throughput, ${backend}** (autocannon, ${t.cacheOff.settings.connections} connections, ${t.cacheOff.settings.durationS} s after ${t.cacheOff.settings.warmupS} s warm-up; ` +
      `× = req/s ÷ issue 20's figures before the work, search 38 and ask 18.7 req/s)\n\n` +
      markdownTable(['run', 'endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', '× issue 20', 'statuses'], rows) +
      `\n\nThe mix: 80 % drawn from 20 popular queries, 20 % from ${s.unseenPool} evaluation questions not sent before (${s.unseenSent} sent, ${s.unseenReused} of them repeats).`,
  ];
}

/**
 * @param {object} result the object bench/run.mjs writes to bench-results/<date>.json
 * @returns {string} Markdown
 */
export function renderReport(result) {
  const busy = (result.machine.otherProcessesAtStart ?? [])
    .map((line) => /\/([\w.-]+)(?:\s|$)/.exec(line.split(' ').slice(3).join(' '))?.[1] ?? '')
    .filter((name) => name && name !== 'node')
    .slice(0, 4);
  const parts = [
    `Benchmark ${result.mode} run, ${result.date} — ${result.machine.cpus} × ${result.machine.cpuModel}, ` +
      `${mb(result.machine.memoryBytes)} MB RAM, Node ${result.machine.node}, load average ${result.machine.loadAverage.start.join(' ')} at start` +
      `${result.git ? `, commit ${result.git.commit}${result.git.dirty ? ' (+ uncommitted changes)' : ''}` : ''}; ` +
      `${result.durationS} s in all.` +
      (result.machine.loadAverage.start[0] > result.machine.cpus
        ? ` The machine was shared: load average ${result.machine.loadAverage.start[0]} at start and ${result.machine.loadAverage.end?.[0]} at end` +
          `${busy.length ? ` (busiest other processes: ${[...new Set(busy)].join(', ')})` : ''}; absolute times are pessimistic, ratios measured in the same run are the figures to compare.`
        : ''),
  ];
  if (result.pages) parts.push(...pageTables(result.pages));
  if (result.duplicates) parts.push(...duplicateTables(result.duplicates));
  if (result.api) for (const [backend, api] of Object.entries(result.api)) parts.push(...apiTables(api, backend));
  if (result.scale) parts.push(...scaleTable(result.scale, result.corpus));
  if (result.costly) for (const [backend, c] of Object.entries(result.costly)) parts.push(...costlyTables(c, backend));
  if (result.throughput) for (const [backend, t] of Object.entries(result.throughput)) parts.push(...throughputTables(t, backend));
  if (result.skipped?.length) parts.push(`Not run: ${result.skipped.join('; ')}.`);
  return parts.join('\n\n') + '\n';
}
