import {createContext, useContext, useEffect, useState} from 'react';
import type {SiteData, ThemeName} from '../schema';

// The site data (configuration) for every component under the layout.
export const SiteContext = createContext<SiteData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() was called outside the site layout: wrap the tree in <SiteContext.Provider>.');
  return site;
}

export interface ColorModeState {
  colorMode: ThemeName;
  setColorMode: (mode: ThemeName) => void;
}

// The theme context: colour mode and its setter, provided by the layout.
export const ThemeContext = createContext<ColorModeState | null>(null);

export function useThemeContext(): ColorModeState {
  const ctx = useContext(ThemeContext);
  if (!ctx)
    throw new Error(
      'useThemeContext() was called outside the layout: theme hooks need the <ThemeProvider> that <Layout> renders.',
    );
  return ctx;
}

export interface RouterState {
  /** The current route, without base URL. */
  route: string;
  /** The query string of the current URL (`?q=…`), or empty. */
  search: string;
  navigate: (href: string, options?: {replace?: boolean}) => void;
  /** `intent`: hover or focus (data and code); otherwise the link is merely in view. */
  prefetch: (route: string, intent: boolean) => void;
}

export const RouterContext = createContext<RouterState | null>(null);

export function useRouter(): RouterState {
  const ctx = useContext(RouterContext);
  if (!ctx) throw new Error('useRouter() was called outside the app router.');
  return ctx;
}

/** False on the server and during hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
