/**
 * `@kb/contracts`: the contracts every part of the site shares (ARCHITECTURE.md). Shared as a
 * Module Federation singleton, so this entry point is the package's one public surface.
 */
export * from './lang.js';
export * from './i18n.js';
export * from './languageBus.js';
export * from './frame.js';
export * from './api.js';
export * from './release.js';
export * from './routes.js';
export * from './sources.js';
export * from './forms.js';
export * from './openData.js';
export * from './fonts.js';
export * from './tokens.js';
