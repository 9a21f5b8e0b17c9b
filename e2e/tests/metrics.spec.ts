import { expect, test } from '@playwright/test';

/**
 * Operators see what visitors see (docs/operations.md "Metrics"): a remote that cannot be
 * loaded in the browser is reported by the shell and counted on the metrics port, per remote
 * and release.
 */

const metricsUrl = `http://127.0.0.1:${process.env.E2E_METRICS_PORT}/metrics`;

test('a failed remote load appears in /metrics', async ({ page, request }) => {
  const manifest = (await (await request.get('/remotes.json')).json()) as { remotes: { name: string; version: string }[] };
  const forms = manifest.remotes.find((r) => r.name === 'forms');
  expect(forms).toBeDefined();
  const series = `kb_remote_load_failures_total{remote="forms",version="${forms?.version}"}`;
  const count = async (): Promise<number> => {
    const line = (await (await request.get(metricsUrl)).text()).split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };
  const before = await count();

  // Every file of the forms remote answers 503, as if its release had been removed.
  await page.route('**/remotes/forms/**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await page.goto('/?lang=en');
  await expect(page.locator('footer').getByRole('alert')).toContainText('The newsletter form is temporarily unavailable.');

  await expect.poll(count).toBe(before + 1);
  // The site's own port does not serve the metrics.
  expect(await (await request.get('/metrics')).text()).not.toContain('kb_remote_load_failures_total');
});
