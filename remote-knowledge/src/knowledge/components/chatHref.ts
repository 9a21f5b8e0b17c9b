/** The chat limited to one source: `/chat?source=<id>` (ARCHITECTURE.md "Assistant frame protocol"). */
export function chatHref(sourceId: string): string {
  return `/chat?source=${encodeURIComponent(sourceId)}`;
}
