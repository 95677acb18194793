import {type ReactNode, useCallback, useEffect, useMemo, useState} from 'react';
import {type ColorModeState, ThemeContext, useSite} from '../app/contexts';
import * as storage from '../app/storage';
import {Deferred} from '../content/Deferred';
import {t} from '../i18n';
import type {PageData, ThemeName} from '../schema';
import {AnnouncementBar} from './AnnouncementBar';
import {Navbar} from './Navbar';

/** Colour mode: the inline head script already applied it; React takes over after hydration. */
function ThemeProvider({children}: {children: ReactNode}) {
  const site = useSite();
  const [colorMode, setState] = useState<ThemeName>(site.colorMode.defaultMode);
  useEffect(() => {
    const applied = document.documentElement.getAttribute('data-theme');
    if (applied === 'light' || applied === 'dark') setState(applied);
  }, []);
  const setColorMode = useCallback((mode: ThemeName) => {
    setState(mode);
    document.documentElement.setAttribute('data-theme', mode);
    storage.write(storage.keys.theme, mode);
  }, []);
  const value: ColorModeState = useMemo(() => ({colorMode, setColorMode}), [colorMode, setColorMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The page chrome around every page: skip link, announcement, navbar, main, footer. */
export function Layout({data, children}: {data: PageData; children: ReactNode}) {
  const sidebar = data.page.kind === 'doc' ? (data.page.sidebar ?? null) : null;
  const skip = (e: React.MouseEvent) => {
    const main = document.getElementById('main');
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <ThemeProvider>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main by convention (and works without script); the handler only moves focus without adding #main to the address */}
      <a className="skip-link" href="#main" onClick={skip}>
        {t.skipToContent}
      </a>
      <AnnouncementBar />
      <Navbar route={data.route} sidebar={sidebar} />
      <main id="main" tabIndex={-1} className="main">
        {children}
      </main>
      <Deferred part="Footer" props={{}} source={null} tag="footer" className="footer" />
    </ThemeProvider>
  );
}
