// Which component renders which page kind, in the browser. Docs (the most visited pages)
// are in the main bundle; every other layout is a chunk loaded on demand.

import {layouts} from './app/pages';
import DocPage from './docs/DocPage';
import MarkdownPage from './pages/MarkdownPage';
import NotFound from './pages/NotFound';
import Redirect from './pages/Redirect';

export const clientLayouts = layouts(
  {doc: DocPage, markdown: MarkdownPage, notFound: NotFound, redirect: Redirect},
  {
    home: () => import('./pages/Home'),
    search: () => import('./pages/SearchPage'),
    blogList: () => import('./blog/BlogList'),
    blogPost: () => import('./blog/BlogPost'),
    blogArchive: () => import('./blog/Archive'),
    blogTags: () => import('./pages/Tags'),
    docTags: () => import('./pages/Tags'),
    docTag: () => import('./pages/Tags'),
  },
);
