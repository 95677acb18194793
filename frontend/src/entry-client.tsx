import {startTransition} from 'react';
import {hydrateRoot} from 'react-dom/client';
import {App} from './app/App';
import {setBaseUrl} from './app/base';
import {loadDevTools} from './app/devTools';
import {pageCode} from './app/pageCode';
import type {PageData, SiteData} from './schema';
import './styles/base.css';
import './styles/icons.css';
import './styles/layout.css';
import './styles/content.css';
import './styles/code.css';
import './styles/docs.css';
import './styles/blog.css';
import './styles/home.css';
import './styles/search.css';

async function start() {
  const el = document.getElementById('__data');
  if (!el?.textContent) throw new Error('page data missing from the HTML');
  const {site, data} = JSON.parse(el.textContent) as {site: SiteData; data: string};
  setBaseUrl(site.baseUrl);
  // The HTML preloads this file; the fetch finds it there.
  const res = await fetch(data);
  if (!res.ok) throw new Error(`page data: HTTP ${res.status}`);
  const page = (await res.json()) as PageData;
  // Hydration must render what the server rendered: load this page's code first.
  await Promise.all([pageCode.loadToHydrate(page), site.dev && loadDevTools()]);
  const root = document.getElementById('__app');
  if (!root) throw new Error('index.html has no <div id="__app">');
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so a
  // long page never blocks input for long (the server HTML is already on screen).
  startTransition(() => {
    hydrateRoot(root, <App site={site} initial={page} />);
  });
}

void start();
