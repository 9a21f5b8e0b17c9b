import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SiteInfo } from '@kb/contracts';

/** The site's public facts (`GET /api/site`), or its loading/failure state. */
export type SiteInfoState =
  | { status: 'loading' }
  | { status: 'ready'; info: SiteInfo }
  | { status: 'error' };

const SiteInfoContext = createContext<SiteInfoState>({ status: 'loading' });

function isSiteInfo(value: unknown): value is SiteInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SiteInfo>;
  return typeof v.contactEmail === 'string' && typeof v.owner === 'object' && typeof v.builder === 'object';
}

/**
 * Fetches `/api/site` once and provides it to the shell's pages (About, footer, navbar).
 * A failure leaves the pages usable; they say what they cannot show.
 */
export function SiteInfoProvider({ children }: { children: ReactNode }): ReactNode {
  const [state, setState] = useState<SiteInfoState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    fetch('/api/site')
      .then(async (res) => {
        if (!res.ok) throw new Error(`/api/site answered ${res.status}`);
        const body: unknown = await res.json();
        if (!isSiteInfo(body)) throw new Error('/api/site answered an unexpected shape');
        if (live) setState({ status: 'ready', info: body });
      })
      .catch((error: unknown) => {
        console.error('Could not load the site information', error);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, []);
  return <SiteInfoContext.Provider value={state}>{children}</SiteInfoContext.Provider>;
}

/** React hook: the site information state from the nearest `SiteInfoProvider`. */
export function useSiteInfo(): SiteInfoState {
  return useContext(SiteInfoContext);
}
