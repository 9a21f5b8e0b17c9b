/**
 * The monolithic build's stand-in for shell/src/federation/remotes.ts (swapped in by
 * bench/monolith/webpack.config.js): the remotes' exposed modules are imported statically and
 * bundled with the shell, so no /remotes.json, manifest or container is fetched at run time.
 * Same exports as the federated module, so the shell's code is used unchanged.
 */
import type { ComponentType } from 'react';
import KnowledgePage from '../../remote-knowledge/src/knowledge/KnowledgePage';
import ChatPage from '../../remote-assistant/src/chat/ChatPage';
import SearchPage from '../../remote-assistant/src/search/SearchPage';
import PreviewPage from '../../remote-assistant/src/preview/PreviewPage';
import ContactPage from '../../remote-forms/src/contact/ContactPage';
import NewsletterForm from '../../remote-forms/src/newsletter/NewsletterForm';

/** What every exposed module default-exports. */
export interface ExposedPageModule {
  default: ComponentType;
}

/** The exposed modules (ARCHITECTURE.md "Module Federation"), by `<remote>/<module>` id. */
const PAGES: Record<string, ExposedPageModule> = {
  'knowledge/KnowledgePage': { default: KnowledgePage },
  'assistant/ChatPage': { default: ChatPage },
  'assistant/SearchPage': { default: SearchPage },
  'assistant/PreviewPage': { default: PreviewPage },
  'forms/ContactPage': { default: ContactPage },
  'forms/NewsletterForm': { default: NewsletterForm },
};

export type ExposedModuleId = string;

/** No retries: nothing is loaded over the network. */
export const RETRY_DELAYS_MS: readonly number[] = [];

/** The release list's address, as the federated module gives it; the monolith registers nothing from it. */
export function remotesRequestUrl(): string {
  return '/remotes.json';
}

/** No remotes are registered in a monolith. */
export function registeredVersions(): ReadonlyMap<string, string> {
  return new Map();
}

/** Nothing to fetch: resolves at once with no entries. */
export async function registerRemotesFromManifest(): Promise<never[]> {
  return [];
}

/** Nothing to register: resolves at once with no entries. */
export async function registerRemotesAtStartup(): Promise<never[]> {
  return [];
}

/**
 * The statically bundled module for `id`.
 * @throws when `id` names no exposed module
 */
export async function loadExposedPage(id: ExposedModuleId): Promise<ExposedPageModule> {
  const page = PAGES[id];
  if (!page) throw new Error(`No module ${id} in the monolithic build`);
  return page;
}
