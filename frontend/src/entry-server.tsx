// The server-render entry: imported by scripts/prerender.mjs at build time only.
import {renderToString} from 'react-dom/server';
import type {PageData, SiteData} from './schema';
import {App} from './app/App';
import {setBaseUrl} from './app/base';
import {headTags} from './app/head';
import {layouts} from './app/pages';
import {provideComponent} from './components/registry';
import DocPage from './docs/DocPage';
import MarkdownPage from './pages/MarkdownPage';
import NotFound from './pages/NotFound';
import Redirect from './pages/Redirect';
import Home from './pages/Home';
import SearchPage from './pages/SearchPage';
import BlogList from './blog/BlogList';
import BlogPost from './blog/BlogPost';
import Archive from './blog/Archive';
import Tags from './pages/Tags';
import CharacterCounterDemo from './components/CharacterCounterDemo';
import TodoListDemo from './components/TodoListDemo';
import LinkButton from './components/LinkButton';
import Highlight from './components/Highlight';

// On the server every layout and component is there from the start.
const serverLayouts = layouts(
  {
    doc: DocPage,
    markdown: MarkdownPage,
    notFound: NotFound,
    redirect: Redirect,
    home: Home,
    search: SearchPage,
    blogList: BlogList,
    blogPost: BlogPost,
    blogArchive: Archive,
    blogTags: Tags,
    docTags: Tags,
    docTag: Tags,
  },
  {},
);
provideComponent('CharacterCounterDemo', CharacterCounterDemo);
provideComponent('TodoListDemo', TodoListDemo as never);
provideComponent('LinkButton', LinkButton as never);
provideComponent('Highlight', Highlight as never);

export interface Rendered {
  head: string;
  html: string;
}

export function render(site: SiteData, page: PageData): Rendered {
  setBaseUrl(site.baseUrl);
  const html = renderToString(<App site={site} initial={page} layouts={serverLayouts} />);
  return {head: headTags(site, page), html};
}
