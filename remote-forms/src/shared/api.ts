/**
 * The forms' calls (SPEC.md §7): same-origin JSON POSTs whose success is an ok status with
 * `success: true` in the body. Anything else — a network error, another status, a body that
 * is not `{ success: true }` — is a failure; the server's `error` text goes to the console
 * only, never to the visitor.
 */

/** `true` when the server stored what was sent. Never throws. */
export async function postForm(path: '/api/newsletter' | '/api/contact', body: object): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.error(`POST ${path} failed:`, error);
    return false;
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  const success = typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === true;
  if (response.ok && success) return true;
  const error = typeof answer === 'object' && answer !== null ? (answer as { error?: unknown }).error : undefined;
  console.error(`POST ${path} answered ${response.status}:`, typeof error === 'string' ? error : answer);
  return false;
}
