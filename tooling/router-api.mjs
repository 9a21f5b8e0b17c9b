/**
 * The router API the shell shares with the remotes: React Router 7's declarative mode, the part
 * of `react-router` (and `react-router-dom`, which re-exports it) that works under the shell's
 * `<BrowserRouter>`. Data-router, framework and server APIs (`createBrowserRouter`,
 * `RouterProvider`, loaders, `useFetcher`, `Form`, sessions, cookies, `ServerRouter`, …) need a
 * router the shell does not create, so they are left out of the shared scope: the shell's shared
 * copy is then about 45 KB minified instead of 188 KB (docs/performance.md, "The shared router").
 *
 * One list: `tooling/shared-router.mjs`, the module the shell provides, re-exports exactly these
 * names (`tooling/shared-router.test.js` checks it), and the lint rule in `eslint.config.mjs`
 * keeps every front end to them.
 */
export const ROUTER_API = Object.freeze([
  // Routers and route elements
  'BrowserRouter',
  'HashRouter',
  'MemoryRouter',
  'Router',
  'unstable_HistoryRouter',
  'Routes',
  'Route',
  'Navigate',
  'Outlet',
  'Link',
  'NavLink',
  // Hooks
  'useHref',
  'useInRouterContext',
  'useLinkClickHandler',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
  'useBeforeUnload',
  // Utilities
  'createPath',
  'createRoutesFromChildren',
  'createRoutesFromElements',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'parsePath',
  'renderMatches',
  'resolvePath',
  'NavigationType',
  // The contexts libraries built on the declarative API read
  'UNSAFE_LocationContext',
  'UNSAFE_NavigationContext',
  'UNSAFE_RouteContext',
]);
